import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BAUD_RATES, CHUNK_SIZES } from './settings';
import { testPageDocument } from './test-page';
import type { PrintOutcome, TransportKind } from './use-printer';
import { usePrinter } from './use-printer';

/** Transports with nothing to connect: RawBT drives the printer itself, the dialog asks each time. */
const NO_CONNECTION: TransportKind[] = ['rawbt', 'dialog'];

/** « Imprimante »: how this terminal prints (remembered on it), connect, and a test page. */
export function PrinterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('printer');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const printer = usePrinter();
  const { settings, update } = printer;
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const kind = settings.transport;
  const needsConnection = !NO_CONNECTION.includes(kind);
  // A transport chosen on another browser (or before an update) may be missing here: still shown.
  const kinds = printer.kinds.includes(kind) ? printer.kinds : [kind, ...printer.kinds];

  const report = (outcome: PrintOutcome, success?: string) =>
    setResult(outcome.ok ? (success ? { ok: true, message: success } : null) : { ok: false, message: outcome.message });

  const onTest = async () => {
    setResult(null);
    const url = `${window.location.origin}/pos`;
    report(await printer.printDocument(testPageDocument(t, url, printer.company)), t('testSent'));
  };

  const status = !needsConnection ? (
    <Chip size="small" label={t('noConnection')} />
  ) : printer.connected ? (
    <Chip
      size="small"
      color="success"
      label={printer.deviceName ? t('connectedTo', { name: printer.deviceName }) : t('connected')}
    />
  ) : (
    <Chip size="small" color="warning" label={t('notConnected')} />
  );

  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="xs" fullWidth aria-labelledby="printer-title">
      <DialogTitle id="printer-title">{t('title')}</DialogTitle>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <FormControl>
            <FormLabel id="printer-transport">{t('transport')}</FormLabel>
            <RadioGroup
              aria-labelledby="printer-transport"
              value={kind}
              onChange={(_, v) => {
                setResult(null);
                update({ transport: v as TransportKind });
              }}
            >
              {kinds.map((k) => (
                <FormControlLabel key={k} value={k} control={<Radio />} label={t(`transports.${k}`)} />
              ))}
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>{t(`hints.${kind}`)}</FormHelperText>
          </FormControl>

          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            {status}
            {needsConnection ? (
              <Stack direction="row" spacing={1}>
                <Button
                  variant={printer.connected ? 'outlined' : 'contained'}
                  onClick={async () => {
                    setResult(null);
                    report(await printer.connect());
                  }}
                  loading={printer.busy}
                  sx={{ minHeight: 40 }}
                >
                  {printer.connected ? t('change') : t('connect')}
                </Button>
                {printer.connected ? (
                  <Button color="inherit" onClick={() => void printer.disconnect()} sx={{ minHeight: 40 }}>
                    {t('disconnect')}
                  </Button>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
          {(kind === 'bluetooth' || kind === 'usb') && !printer.connected ? (
            <Link
              component="button"
              type="button"
              variant="body2"
              sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
              onClick={async () => {
                setResult(null);
                report(await printer.connect({ any: true }));
              }}
            >
              {t('connectAny')}
            </Link>
          ) : null}

          {kind === 'serial' ? (
            <TextField
              select
              label={t('baudRate')}
              value={settings.baudRate}
              onChange={(e) => update({ baudRate: Number(e.target.value) })}
            >
              {BAUD_RATES.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {kind === 'bluetooth' ? (
            <TextField
              select
              label={t('chunkSize')}
              value={settings.chunkSize}
              helperText={t('chunkHint')}
              onChange={(e) => update({ chunkSize: Number(e.target.value) })}
            >
              {CHUNK_SIZES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          ) : null}

          <Box>
            <Typography variant="subtitle2" component="p" id="printer-width" sx={{ mb: 1 }}>
              {t('width')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              fullWidth
              aria-labelledby="printer-width"
              value={settings.width}
              onChange={(_, v: 58 | 80 | null) => v && update({ width: v })}
            >
              {([58, 80] as const).map((w) => (
                <ToggleButton key={w} value={w} sx={{ minHeight: 44 }}>
                  {t('widthValue', { width: w })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>

          <FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={settings.autoPrint && kind !== 'dialog'}
                  disabled={kind === 'dialog'}
                  onChange={(_, v) => update({ autoPrint: v })}
                />
              }
              label={t('autoPrint')}
            />
            {kind === 'dialog' ? <FormHelperText sx={{ mx: 0 }}>{t('autoPrintDialog')}</FormHelperText> : null}
          </FormControl>

          {result ? (
            <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, pb: 'max(16px, env(safe-area-inset-bottom))', gap: 1 }}>
        <Button size="large" variant="outlined" color="inherit" onClick={onClose} sx={{ flex: 1, minHeight: 48 }}>
          {t('close')}
        </Button>
        <Button
          size="large"
          variant="contained"
          onClick={() => void onTest()}
          loading={printer.busy}
          sx={{ flex: 1, minHeight: 48 }}
        >
          {t('test')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
