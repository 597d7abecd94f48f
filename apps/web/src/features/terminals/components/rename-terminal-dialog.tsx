import type { Terminal } from '@borlette/shared/contracts/terminals';
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
import { applyServerErrors, RHFTextField } from '../../../components/form';
import { useRenameTerminal } from '../api/terminals';

/** Renames one terminal (« Caisse du marché »): the name the company lists it by. */
export function RenameTerminalDialog({ terminal, onClose }: { terminal: Terminal | null; onClose: () => void }) {
  return (
    <Dialog open={!!terminal} onClose={onClose} maxWidth="xs" fullWidth>
      {terminal ? <RenameForm key={terminal.id} terminal={terminal} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RenameForm({ terminal, onClose }: { terminal: Terminal; onClose: () => void }) {
  const { t } = useTranslation('terminals');
  const titleId = useId();
  const rename = useRenameTerminal();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => z.object({ name: z.string().trim().min(1, t('errors.nameRequired')).max(100, t('errors.nameTooLong')) }),
    [t],
  );
  const methods = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: terminal.name },
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await rename.mutateAsync({ id: terminal.id, name: v.name });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['name']));
    }
  });
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('rename.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('rename.text', { agent: terminal.agent_name })}</DialogContentText>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <RHFTextField<z.input<typeof schema>> name="name" label={t('fields.name')} autoFocus required />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('rename.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('rename.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
