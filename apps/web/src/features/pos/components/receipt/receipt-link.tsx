import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/** Web Share (phones: WhatsApp, SMS…) where the browser has it; otherwise the link is copied. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The clipboard API needs a secure context: a POS reached over http on the shop's network has none,
 * so the old way (a selected text area and « copy ») stands in for it.
 */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused: try the old way */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * The receipt's public link (issue 16), under the receipt after a sale and when a ticket is opened
 * again: shown, copied, and shared to the customer (what the QR code holds: the customer checks the
 * ticket and its result there).
 */
export function ReceiptLink({ url, number, company }: { url: string; number: number; company: string }) {
  const { t } = useTranslation('pos');
  const { enqueueSnackbar } = useSnackbar();

  const copy = async () => {
    const ok = await copyText(url);
    enqueueSnackbar(ok ? t('receipt.linkCopied') : t('receipt.copyFailed'), { variant: ok ? 'success' : 'error' });
  };
  const share = async () => {
    try {
      await navigator.share({
        title: t('receipt.shareTitle', { number }),
        text: t('receipt.shareText', { number, company }),
        url,
      });
    } catch (e) {
      // Closed by the agent: nothing to do. Refused by the browser: the link is copied instead.
      if ((e as { name?: string } | null)?.name !== 'AbortError') await copy();
    }
  };

  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 1.5, bgcolor: 'background.neutral' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <LinkIcon fontSize="small" sx={{ color: 'text.secondary' }} />
        <Typography variant="subtitle2" component="h3">
          {t('receipt.publicLink')}
        </Typography>
      </Stack>
      <Box sx={{ minWidth: 0, mb: 1.5 }}>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('receipt.openLink')}
          sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
        >
          {url}
        </Link>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          sx={{ flex: 1, minHeight: 44 }}
        >
          {t('receipt.copyLink')}
        </Button>
        {canShare() ? (
          <Button
            variant="outlined"
            color="primary"
            startIcon={<ShareIcon />}
            onClick={() => void share()}
            sx={{ flex: 1, minHeight: 44 }}
          >
            {t('receipt.share')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
