import { newPasswordField } from '@borlette/shared/contracts/people';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { type ReactNode, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, RHFTextField } from './form';

const schema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Les deux mots de passe diffèrent' });
type Values = z.infer<typeof schema>;

export interface PasswordDialogProps {
  open: boolean;
  /** The i18n namespace of the labels (`password.new`, `.confirm`, `.show`, `.hide`, `.cancel`, `.save`). */
  ns: 'agents' | 'generales';
  /** Already translated (it names whose password). */
  title: ReactNode;
  /** Already translated: what the change does to the person's sessions. */
  text: ReactNode;
  onClose: () => void;
  /** Rejects with the server's error: its `fields.password` lands on the field. */
  onSubmit: (password: string) => Promise<unknown>;
}

/**
 * Sets a new password for someone else (an agent, a supervisor, a general, a company's admin); the server
 * closes their sessions. Its field and button labels are the `password.*` keys of the namespace `ns`.
 */
export function PasswordDialog({ open, ns, title, text, onClose, onSubmit }: PasswordDialogProps) {
  const { t } = useTranslation(ns);
  const titleId = useId();
  const [show, setShow] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
  });
  const submitting = methods.formState.isSubmitting;

  const close = () => {
    if (submitting) return;
    methods.reset();
    setFormError(null);
    setShow(false);
    onClose();
  };

  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await onSubmit(v.password);
      close();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['password']));
    }
  });

  const toggle = (
    <InputAdornment position="end">
      <IconButton
        onClick={() => setShow((s) => !s)}
        edge="end"
        aria-label={t(show ? 'password.hide' : 'password.show')}
      >
        {show ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <FormProvider {...methods}>
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <DialogContentText>{text}</DialogContentText>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <RHFTextField<Values>
              name="password"
              label={t('password.new')}
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              autoFocus
              required
              slotProps={{ input: { endAdornment: toggle }, htmlInput: { maxLength: 128 } }}
            />
            <RHFTextField<Values>
              name="confirm"
              label={t('password.confirm')}
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              required
              slotProps={{ htmlInput: { maxLength: 128 } }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
            <Button variant="outlined" color="inherit" onClick={close} disabled={submitting}>
              {t('password.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={submitting}>
              {t('password.save')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
