import { providerUpdate, type ResultProvider } from '@borlette/shared/contracts/result-providers';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RHFSwitch, RHFTextField } from '../../../components/form';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { useUpdateProvider } from '../api/result-providers';

type Input = z.input<typeof providerUpdate>;
type Output = z.output<typeof providerUpdate>;
const FIELDS = ['base_url', 'enabled', 'poll_start_min', 'poll_every_min', 'give_up_min'] as const;

/** Edits a source: its address (or the built-in feed), on/off, and when it is polled. */
export function ProviderDialog({ provider, onClose }: { provider: ResultProvider | null; onClose: () => void }) {
  return (
    <ItemDialog item={provider} itemKey={(p) => p.code} onClose={onClose}>
      {(p) => <ProviderForm provider={p} onClose={onClose} />}
    </ItemDialog>
  );
}

function ProviderForm({ provider, onClose }: { provider: ResultProvider; onClose: () => void }) {
  const { t } = useTranslation('resultProviders');
  const update = useUpdateProvider();
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
  const manual = provider.kind === 'manual';
  return (
    <FormDialog
      methods={methods}
      title={t('edit.title', { name: provider.name })}
      text={t(manual ? 'edit.manualText' : 'edit.text')}
      fields={FIELDS}
      save={(v) => update.mutateAsync({ code: provider.code, ...v })}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
