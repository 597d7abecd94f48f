import { providerUpdate, type ResultProvider } from '@borlette/shared/contracts/result-providers';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, RHFSwitch, RHFTextField } from '../../../components/form';
import { useUpdateProvider } from '../api/result-providers';

type Input = z.input<typeof providerUpdate>;
type Output = z.output<typeof providerUpdate>;
const FIELDS = ['base_url', 'enabled', 'poll_start_min', 'poll_every_min', 'give_up_min'] as const;

/** Edits a source: its address (or the built-in feed), on/off, and when it is polled. */
export function ProviderDialog({ provider, onClose }: { provider: ResultProvider | null; onClose: () => void }) {
  return (
    <Dialog open={!!provider} onClose={onClose} maxWidth="sm" fullWidth>
      {provider ? <ProviderForm key={provider.code} provider={provider} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ProviderForm({ provider, onClose }: { provider: ResultProvider; onClose: () => void }) {
  const { t } = useTranslation('resultProviders');
  const titleId = useId();
  const update = useUpdateProvider();
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<Input, unknown, Output>({
    resolver: zodResolver(providerUpdate),
    defaultValues: {
      base_url: provider.base_url,
      enabled: provider.enabled,
      poll_start_min: provider.poll_start_min,
      poll_every_min: provider.poll_every_min,
      give_up_min: provider.give_up_min,
    },
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await update.mutateAsync({ code: provider.code, ...v });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, [...FIELDS]));
    }
  });
  const manual = provider.kind === 'manual';
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('edit.title', { name: provider.name })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t(manual ? 'edit.manualText' : 'edit.text')}</DialogContentText>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <RHFTextField<Input>
            name="base_url"
            label={t('fields.base_url')}
            helperText={t('fields.base_url_help')}
            disabled={manual}
            required
          />
          <RHFSwitch<Input> name="enabled" label={t('fields.enabled')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <RHFTextField<Input> name="poll_start_min" type="number" label={t('fields.poll_start_min')} required />
            <RHFTextField<Input> name="poll_every_min" type="number" label={t('fields.poll_every_min')} required />
            <RHFTextField<Input> name="give_up_min" type="number" label={t('fields.give_up_min')} required />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
