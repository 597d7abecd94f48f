import type { PrimeGeneral } from '@borlette/shared/contracts/primes';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GeneralPrimeFields } from './general-prime-fields';
import { useGeneralForm } from './use-general-form';

/** The superuser edits one company's general primes from the list (PUT with company_id). */
export function GeneralPrimeDialog({ prime, onClose }: { prime: PrimeGeneral | null; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={!!prime} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} scroll="paper">
      {prime ? <EditForm key={prime.company_id} prime={prime} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ prime, onClose }: { prime: PrimeGeneral; onClose: () => void }) {
  const { t } = useTranslation(['primes', 'components']);
  const titleId = useId();
  const { methods, submit, formError, clearError } = useGeneralForm(prime, {
    companyId: prime.company_id,
    onSaved: onClose,
  });
  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={submit}
        aria-labelledby={titleId}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{t('general.editTitle', { company: prime.company_name })}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {formError ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={clearError}>
              {formError}
            </Alert>
          ) : null}
          {/* Amounts of the list are in each company's currency; HTG is the product's default. */}
          <GeneralPrimeFields currency="HTG" />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('components:form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('components:form.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
