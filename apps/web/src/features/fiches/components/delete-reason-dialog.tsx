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

export const REASON_MIN = 3;
export const REASON_MAX = 300;

interface Props {
  open: boolean;
  number: number;
  onClose: () => void;
  /** Rejects with the server's error: `fields.reason` lands on the field, the rest above it. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** « Supprimer la fiche » asks why (3 to 300 characters, as the contract): the reason is kept and shown. */
export function DeleteReasonDialog({ open, number, onClose, onSubmit }: Props) {
  const { t } = useTranslation('fiches');
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        reason: z
          .string()
          .trim()
          .min(REASON_MIN, t('deleteDialog.tooShort', { min: REASON_MIN }))
          .max(REASON_MAX, t('deleteDialog.tooLong', { max: REASON_MAX })),
      }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: '' }, mode: 'onTouched' });
  const submitting = methods.formState.isSubmitting;

  const close = () => {
    if (submitting) return;
    methods.reset();
    setFormError(null);
    onClose();
  };

  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await onSubmit(v.reason);
      methods.reset();
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['reason']));
    }
  });

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <FormProvider {...methods}>
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{t('actions.delete.title', { number })}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <DialogContentText>{t('actions.delete.message')}</DialogContentText>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <RHFTextField<Values>
              name="reason"
              label={t('deleteDialog.reason')}
              placeholder={t('deleteDialog.placeholder')}
              autoFocus
              required
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
            <Button variant="outlined" color="inherit" onClick={close} disabled={submitting}>
              {t('deleteDialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" color="error" loading={submitting}>
              {t('actions.delete.confirm')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
