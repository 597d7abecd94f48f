import type { LimiteFiche } from '@borlette/shared/contracts/limite-fiche';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors } from '../../../components/form';
import { AmountInput } from '../../../components/form/amount-input';
import { amountField } from '../../../components/form/amount-schema';
import { centimesToInput } from '../../../lib/money';
import { useUpdateLimite } from '../api/limite-fiche';

/** Changes the amount of one limit (its scope stays: delete it and create another to move it). */
export function EditLimiteDialog({
  limite,
  currency,
  onClose,
}: {
  limite: LimiteFiche | null;
  currency: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!limite} onClose={onClose} maxWidth="xs" fullWidth>
      {limite ? <EditForm key={limite.id} limite={limite} currency={currency} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ limite, currency, onClose }: { limite: LimiteFiche; currency: string; onClose: () => void }) {
  const { t } = useTranslation('limiteFiche');
  const titleId = useId();
  const update = useUpdateLimite();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        max_amount: amountField({
          required: t('errors.required'),
          invalid: t('errors.invalid'),
          positive: t('errors.positive'),
          tooLarge: t('errors.tooLarge'),
        }),
      }),
    [t],
  );
  const methods = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { max_amount: centimesToInput(limite.max_amount) },
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await update.mutateAsync({ id: limite.id, max_amount: v.max_amount });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['max_amount']));
    }
  });
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            {limite.agent_id === null
              ? t('edit.companyText')
              : t('edit.agentText', { name: limite.agent_name, username: limite.agent_username })}
          </DialogContentText>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <AmountInput name="max_amount" label={t('fields.amount')} currency={currency} autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('edit.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
