import type { IntervalMa } from '@borlette/shared/contracts/interval-ma';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form';
import { type IntervalValues, useSaveInterval } from '../api/interval-ma';
import {
  INTERVAL_FIELDS,
  IntervalFields,
  type IntervalFormInput,
  intervalToInput,
  makeIntervalSchema,
} from './interval-form';

/** Edits one interval (change_typegame) in a dialog of the list. */
export function IntervalMaDialog({
  interval,
  currency,
  onClose,
}: {
  interval: IntervalMa | null;
  currency: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!interval} onClose={onClose} maxWidth="sm" fullWidth>
      {interval ? <EditForm key={interval.id} interval={interval} currency={currency} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ interval, currency, onClose }: { interval: IntervalMa; currency: string; onClose: () => void }) {
  const { t } = useTranslation('limits');
  const titleId = useId();
  const save = useSaveInterval(currency);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => makeIntervalSchema(t), [t]);
  const methods = useForm<IntervalFormInput, unknown, IntervalValues>({
    resolver: zodResolver(schema),
    defaultValues: intervalToInput(interval),
    mode: 'onTouched',
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await save.mutateAsync({ ...v, id: interval.id });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, INTERVAL_FIELDS));
    }
  });
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('intervalMa.editTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <IntervalFields currency={currency} autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
