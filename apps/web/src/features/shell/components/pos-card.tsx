import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
// The component is tiny; the `qrcode` library it draws with is a lazy chunk of its own.
import { QrCode } from '../../../components/qr-code';
import { paths } from '../../../config/paths';

/**
 * docs/spec.md §1/§2: the sidebar's point-of-sale card. The POS is the web page /pos, installable from the
 * seller's phone: the card gives its link and a QR code of it to scan with that phone.
 */
export function PosCard() {
  const { t } = useTranslation('layout');
  const { enqueueSnackbar } = useSnackbar();
  const url = `${window.location.origin}${paths.pos}`;
  const shown = url.replace(/^https?:\/\//, '');

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
        <Button
          component="a"
          href={paths.pos}
          target="_blank"
          rel="noopener"
          size="small"
          variant="contained"
          fullWidth
          endIcon={<OpenInNewIcon />}
        >
          {t('pos.action')}
        </Button>
      </Box>
    </Box>
  );
}
