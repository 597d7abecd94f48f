import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InstallMobileOutlinedIcon from '@mui/icons-material/InstallMobileOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The component is tiny; the `qrcode` library it draws with is a lazy chunk of its own.
import { QrCode } from '../../../components/qr-code';
import { paths } from '../../../config/paths';
import { useInstallPrompt } from '../../../lib/install-prompt';

/**
 * docs/spec.md §1/§2: the sidebar's point-of-sale card (« a download card for a point-of-sale app
 * package »). The package is the installable web app /pos (manifest + service worker: it opens
 * offline once installed). The card installs it through the browser's own prompt where the browser
 * offers one, and otherwise says how; its QR code carries the POS address for a terminal to scan.
 */
export function PosCard() {
  const { t } = useTranslation('layout');
  const { enqueueSnackbar } = useSnackbar();
  const url = `${window.location.origin}${paths.pos}`;
  const shown = url.replace(/^https?:\/\//, '');
  const installer = useInstallPrompt();
  const [howOpen, setHowOpen] = useState(false);
  const howId = useId();

  const install = async () => {
    const outcome = await installer.install();
    if (outcome === 'unavailable') setHowOpen(true);
    else if (outcome === 'accepted') enqueueSnackbar(t('pos.installed'), { variant: 'success' });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(t('pos.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('pos.copyFailed'), { variant: 'error' });
    }
  };

  return (
    <Box sx={{ px: 2, pb: 3, pt: 2 }}>
      <Box
        sx={(theme) => ({
          p: 2,
          borderRadius: 2,
          textAlign: 'center',
          bgcolor: alpha(theme.palette.primary.main, 0.08),
          border: `1px dashed ${alpha(theme.palette.primary.main, 0.24)}`,
        })}
      >
        <Typography variant="subtitle2" component="p">
          {t('pos.title')}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5 }}>
          {t('pos.text')}
        </Typography>
        <Box sx={{ display: 'inline-block', p: 1, borderRadius: 1.5, bgcolor: '#fff', lineHeight: 0 }}>
          <QrCode value={url} size={112} label={t('pos.qrLabel', { url })} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, mt: 1, mb: 1.5 }}>
          <Typography
            variant="caption"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', color: 'text.secondary' }}
          >
            {shown}
          </Typography>
          <IconButton size="small" aria-label={t('pos.copy')} title={t('pos.copy')} onClick={() => void copy()}>
            <ContentCopyOutlinedIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Box>
        {installer.available ? (
          <Button
            size="small"
            variant="contained"
            fullWidth
            startIcon={<InstallMobileOutlinedIcon />}
            onClick={() => void install()}
            sx={{ mb: 1 }}
          >
            {t('pos.install')}
          </Button>
        ) : null}
        <Button
          component="a"
          href={paths.pos}
          target="_blank"
          rel="noopener"
          size="small"
          variant={installer.available ? 'outlined' : 'contained'}
          fullWidth
          endIcon={<OpenInNewIcon />}
        >
          {t('pos.action')}
        </Button>
        <Button
          size="small"
          fullWidth
          aria-expanded={howOpen}
          aria-controls={howId}
          onClick={() => setHowOpen((o) => !o)}
          endIcon={
            <ExpandMoreIcon sx={{ transform: howOpen ? 'rotate(180deg)' : 'none', transition: 'transform 0.2s' }} />
          }
          sx={{ mt: 0.5 }}
        >
          {t('pos.how')}
        </Button>
        <Collapse in={howOpen} id={howId}>
          <Box
            component="ol"
            sx={{ m: 0, mt: 0.5, pl: 2.5, textAlign: 'left', typography: 'caption', color: 'text.secondary' }}
          >
            {(['scan', 'android', 'iphone', 'offline'] as const).map((step) => (
              <li key={step}>{t(`pos.steps.${step}`)}</li>
            ))}
          </Box>
        </Collapse>
      </Box>
    </Box>
  );
}
