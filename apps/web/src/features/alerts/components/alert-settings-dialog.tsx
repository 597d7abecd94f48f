import { ALERT_KINDS, type AlertKind, type AlertSettings } from '@borlette/shared/contracts/alerts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapServerErrors } from '../../../components/form';
import { centimesToInput, parseAmount } from '../../../lib/money';
import { useAlertSettings, useSaveAlertSettings } from '../api/alerts';

/**
 * Amount thresholds are typed in the currency's units as the app's other amounts (« 1000,00 », « 1 250,50 »),
 * with the currency beside them, and sent as centimes.
 */
const AMOUNT_PARAMS = new Set(['floor_amount']);

type Draft = Record<AlertKind, Record<string, string | boolean>>;

const toDraft = (s: AlertSettings, language: string): Draft =>
  Object.fromEntries(
    ALERT_KINDS.map((k) => [
      k,
      Object.fromEntries(
        Object.entries(s[k]).map(([p, v]) => [
          p,
          typeof v === 'boolean' ? v : AMOUNT_PARAMS.has(p) ? centimesToInput(v, language) : String(v),
        ]),
      ),
    ]),
  ) as Draft;

/**
 * What is sent: numbers as typed (the server's bounds decide), amounts back to centimes (an unreadable
 * amount goes as NaN, i.e. null: the server names the field).
 */
const fromDraft = (d: Draft) =>
  Object.fromEntries(
    ALERT_KINDS.map((k) => [
      k,
      Object.fromEntries(
        Object.entries(d[k]).map(([p, v]) => {
          if (typeof v === 'boolean') return [p, v];
          if (AMOUNT_PARAMS.has(p)) return [p, parseAmount(String(v)) ?? Number.NaN];
          return [p, Number(String(v).replace(',', '.'))];
        }),
      ),
    ]),
  ) as AlertSettings;

/** « Réglages des alertes »: per kind, on/off and its thresholds (change_alert). */
export function AlertSettingsDialog({
  open,
  onClose,
  currency,
}: {
  open: boolean;
  onClose: () => void;
  /** The company's, shown beside the amounts. */
  currency: string;
}) {
  const settings = useAlertSettings(open);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      {open && settings.data ? <SettingsForm initial={settings.data} currency={currency} onClose={onClose} /> : null}
      {open && settings.isError ? <Alert severity="error">{settings.error.message}</Alert> : null}
    </Dialog>
  );
}

function SettingsForm({
  initial,
  currency,
  onClose,
}: {
  initial: AlertSettings;
  currency: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('alerts');
  const titleId = useId();
  const save = useSaveAlertSettings();
  const [draft, setDraft] = useState(() => toDraft(initial, i18n.language));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; formMessage: string | null }>({
    fields: {},
    formMessage: null,
  });
  const set = (kind: AlertKind, param: string, value: string | boolean) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [param]: value } }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({ fields: {}, formMessage: null });
    try {
      await save.mutateAsync(fromDraft(draft));
      onClose();
    } catch (error) {
      setErrors(mapServerErrors(error));
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('settings.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {errors.formMessage ? <Alert severity="error">{errors.formMessage}</Alert> : null}
        {ALERT_KINDS.map((kind, i) => (
          <Box key={kind} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {i ? <Divider /> : null}
            <FormControlLabel
              control={
                <Switch
                  checked={draft[kind].enabled === true}
                  onChange={(e) => set(kind, 'enabled', e.target.checked)}
                />
              }
              label={<Typography sx={{ fontWeight: 600 }}>{t(`kinds.${kind}`)}</Typography>}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
              {t(`help.${kind}`)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
              {Object.keys(draft[kind])
                .filter((p) => p !== 'enabled')
                .map((p) => (
                  <TextField
                    key={p}
                    size="small"
                    label={t(`settings.params.${p}`)}
                    value={draft[kind][p]}
                    onChange={(e) => set(kind, p, e.target.value)}
                    disabled={draft[kind].enabled !== true}
                    error={!!errors.fields[`${kind}.${p}`]}
                    helperText={errors.fields[`${kind}.${p}`]}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal' },
                      input: AMOUNT_PARAMS.has(p)
                        ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> }
                        : undefined,
                    }}
                  />
                ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('save')}
        </Button>
      </DialogActions>
    </form>
  );
}
