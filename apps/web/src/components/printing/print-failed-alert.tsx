import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../lazy-dialog';

const PrinterDialog = lazyDialog(() => import('./printer-dialog').then((m) => m.PrinterDialog));

/**
 * A print that failed after the act it prints (a sale, a collection): that act stands; say so and why,
 * and offer « Réimprimer » and the printer settings. `title` says what stands (the sold ticket by default).
 */
export function PrintFailedAlert({
  message,
  onRetry,
  retrying,
  title,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  title?: string;
}) {
  const { t } = useTranslation('printer');
  const [settings, setSettings] = useState(false);
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{title ?? t('failed')}</AlertTitle>
      {message}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          color="error"
          size="small"
          startIcon={<PrintOutlinedIcon />}
          onClick={onRetry}
          loading={retrying}
          sx={{ minHeight: 40 }}
        >
          {t('reprint')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          startIcon={<SettingsOutlinedIcon />}
          onClick={() => setSettings(true)}
          sx={{ minHeight: 40 }}
        >
          {t('open')}
        </Button>
      </Stack>
      <PrinterDialog open={settings} onClose={() => setSettings(false)} />
    </Alert>
  );
}
