import { posEndpoints } from '@borlette/shared/contracts/pos';
import type { PaperWidth } from '@borlette/shared/receipt/escpos-doc';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posDownload } from '../../api/pos-client';

/** Shares a file through the phone's share sheet when it takes files; otherwise the browser downloads it. */
async function shareOrDownload(file: File, title: string): Promise<void> {
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return;
    } catch (e) {
      if ((e as { name?: string } | null)?.name === 'AbortError') return;
      // Refused (the click's activation expired while the PDF came): download it instead.
    }
  }
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * « Partager le reçu »: the ticket as a receipt-width PDF with its QR code (GET /api/agents/fiches/pdf),
 * for a customer far from the counter or when no printer is at hand. Reading it counts no copy.
 */
export function ShareReceiptButton({ id, number, width = 58 }: { id: number; number: number; width?: PaperWidth }) {
  const { t } = useTranslation('pos');
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await posDownload(posEndpoints.receiptPdf, {
        id,
        width: String(width) as '58' | '80',
      });
      const file = new File([blob], filename ?? `fiche-${number}.pdf`, { type: 'application/pdf' });
      await shareOrDownload(file, t('receipt.shareTitle', { number }));
    } catch {
      enqueueSnackbar(t('receipt.shareFailed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      fullWidth
      variant="outlined"
      color="inherit"
      startIcon={<PictureAsPdfOutlinedIcon />}
      onClick={() => void share()}
      loading={busy}
      sx={{ mt: 2, minHeight: 44 }}
    >
      {t('receipt.sharePdf')}
    </Button>
  );
}
