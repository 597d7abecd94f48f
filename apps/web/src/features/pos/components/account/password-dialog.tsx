import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../components/form';
import {
  EMPTY_OWN_PASSWORD,
  OWN_PASSWORD_FIELDS,
  OwnPasswordFields,
  useOwnPasswordForm,
} from '../../../../components/own-password-fields';
import { isApiError } from '../../../../lib/api-client';
import { posChangePassword } from '../../api/pos-api';

/**
 * « Changer mon mot de passe » of the POS: the same inputs as the back office's « Mon compte », posted to
 * the agent’s own password endpoint. The server's French messages land on their input (wrong current password)
 * or above them (too many tries); this session stays signed in, the agent's other ones are closed.
 */
export function PosPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pos');
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const methods = useOwnPasswordForm();
  const [formError, setFormError] = useState<string | null>(null);
  const submitting = methods.formState.isSubmitting;

  const close = () => {
    if (submitting) return;
    methods.reset(EMPTY_OWN_PASSWORD);
    setFormError(null);
    onClose();
  };

  const submit = methods.handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    try {
      await posChangePassword({ current_password, new_password });
    } catch (error) {
      setFormError(
        isApiError(error) && error.statusCode === 0
          ? t('errors.network')
          : applyServerErrors(error, methods.setError, OWN_PASSWORD_FIELDS),
      );
      return;
    }
    methods.reset(EMPTY_OWN_PASSWORD);
    onClose();
    enqueueSnackbar(t('account.changed'), { variant: 'success' });
  });

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <FormProvider {...methods}>
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{t('account.changePassword')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <DialogContentText>{t('account.passwordText')}</DialogContentText>
            {formError ? (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={() => setFormError(null)}>
                {formError}
              </Alert>
            ) : null}
            <OwnPasswordFields stacked />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button color="inherit" onClick={close} disabled={submitting}>
              {t('account.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={submitting}>
              {t('account.submit')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
