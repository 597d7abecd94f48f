import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../../components/form';
import { AmountInput } from '../../../components/form/amount-input';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { centimesToInput } from '../../../lib/money';
import { type BillingSettings, useBillingSettings, useSaveBillingSettings } from '../api/billing';
import { makeSettingsSchema, type SettingsInput, type SettingsOutput } from '../lib/settings-schema';

export interface SettingsTarget {
  id: number;
  name: string;
  currency: string;
}

/** The price ladder (per active agent and month) and the grace days of one company. */
export function BillingSettingsDialog({ company, onClose }: { company: SettingsTarget | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <ItemDialog item={company} itemKey={(c) => c.id} onClose={onClose} fullScreen={phone}>
      {(c) => <Loader company={c} onClose={onClose} />}
    </ItemDialog>
  );
}

function Loader({ company, onClose }: { company: SettingsTarget; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const settings = useBillingSettings(company.id);
  if (settings.data) return <SettingsForm company={company} settings={settings.data} onClose={onClose} />;
  return (
    <>
      <DialogTitle>{t('settings.title', { name: company.name })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {settings.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {errorMessage(settings.error, t('settings.loadFailed'))}
          </Alert>
        ) : (
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={48} />)
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('settings.cancel')}
        </Button>
      </DialogActions>
    </>
  );
}

function SettingsForm({
  company,
  settings,
  onClose,
}: {
  company: SettingsTarget;
  settings: BillingSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const save = useSaveBillingSettings();
  // The ladder is in the company's invoicing currency (the settings carry none of their own).
  const currency = company.currency;
  const schema = useMemo(() => makeSettingsSchema((k) => t(`settings.errors.${k}`)), [t]);
  const methods = useForm<SettingsInput, unknown, SettingsOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      prices: settings.prices.map((p) => ({ min: String(p.min), price: centimesToInput(p.price) })),
      billing_grace_days: String(settings.billing_grace_days),
    },
  });
  const tiers = useFieldArray({ control: methods.control, name: 'prices' });

  const rootError = methods.formState.errors.prices?.root?.message ?? methods.formState.errors.prices?.message;

  return (
    <FormDialog
      methods={methods}
      title={t('settings.title', { name: company.name })}
      text={t('settings.text', { currency })}
      fields={['prices', 'billing_grace_days']}
      save={(v) => save.mutateAsync({ company_id: company.id, company_name: company.name, ...v })}
      onClose={onClose}
      scrollContent
    >
      <Typography variant="subtitle2">{t('settings.ladder')}</Typography>
      {tiers.fields.map((f, i) => (
        <Box key={f.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flex: '0 0 38%' }}>
            <RHFTextField<SettingsInput>
              name={`prices.${i}.min`}
              label={t('settings.from')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <AmountInput<SettingsInput> name={`prices.${i}.price`} label={t('settings.price')} currency={currency} />
          </Box>
          <IconButton
            aria-label={t('settings.removeTier', { n: i + 1 })}
            disabled={tiers.fields.length <= 1}
            onClick={() => tiers.remove(i)}
            sx={{ mt: 1 }}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {rootError ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {rootError}
        </Typography>
      ) : null}
      <Button
        startIcon={<AddIcon />}
        color="inherit"
        sx={{ alignSelf: 'flex-start' }}
        disabled={tiers.fields.length >= 20}
        onClick={() => {
          const last = methods.getValues('prices').at(-1);
          const next = last && /^\d+$/.test(last.min) ? Number(last.min) + 10 : 1;
          tiers.append({ min: String(next), price: last?.price ?? '' });
        }}
      >
        {t('settings.addTier')}
      </Button>
      <Box sx={{ maxWidth: 420 }}>
        <RHFTextField<SettingsInput>
          name="billing_grace_days"
          label={t('settings.grace')}
          helperText={t('settings.graceHelp')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
        />
      </Box>
    </FormDialog>
  );
}
