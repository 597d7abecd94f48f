import type { FicheView } from '@borlette/shared/contracts/fiches';
import { copyOf, publicFicheUrl, ticketReceipt } from '@borlette/shared/receipt/model';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintFailedAlert } from '../../../../components/printing/print-failed-alert';
import { usePrinter } from '../../../../components/printing/use-printer';
import { isApiError } from '../../../../lib/api-client';
import { ficheDocument } from '../../printing/fiche-document';
import { Receipt } from './receipt';
import { ReceiptLink } from './receipt-link';
import { ShareReceiptButton } from './share-receipt-button';
import { useReprintAndPrint } from './use-reprint';

interface Props {
  fiche: FicheView | null;
  onClose: () => void;
  /** Just sold: the first print is the original; any later one is a copy (counted by the server). */
  fresh?: boolean;
  notice?: ReactNode;
  closeLabel?: string;
}

/**
 * The receipt on screen (as it prints) with « Imprimer »; full screen on a phone. A ticket just sold
 * prints by itself when the printer is set to (use-printer's autoPrint). A failed print never touches
 * the sale: the ticket stays sold and « Réimprimer » prints a counted copy.
 */
export function ReceiptDialog({ fiche, onClose, fresh = false, notice, closeLabel }: Props) {
  const { t } = useTranslation('pos');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { printDocument, autoPrint, busy } = usePrinter();
  const reprint = useReprintAndPrint();
  const [printed, setPrinted] = useState(false);
  const [shown, setShown] = useState<FicheView | null>(fiche);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new ticket resets the dialog (the same dialog serves one ticket after another).
  if (fiche && fiche.id !== shown?.id) {
    setShown(fiche);
    setPrinted(false);
    setError(null);
    setFailure(null);
  }
  const current = shown ?? fiche;

  const printOriginal = async (f: FicheView) => {
    setPrinted(true);
    const outcome = await printDocument(ficheDocument(f, window.location.origin));
    setFailure(outcome.ok ? null : outcome.message);
  };

  // Printed once, as soon as it is sold (the dialog transport waits for the agent's click instead).
  const autoId = fresh && autoPrint && fiche && !printed && fiche.id === shown?.id ? fiche.id : null;
  const autoPrinted = useRef<number | null>(null);
  useEffect(() => {
    if (autoId === null || !fiche || autoPrinted.current === autoId) return;
    autoPrinted.current = autoId;
    void printOriginal(fiche);
  });

  const onPrint = async () => {
    if (!current) return;
    setError(null);
    setFailure(null);
    if (fresh && !printed) {
      await printOriginal(current);
      return;
    }
    try {
      const { fiche: copy, outcome } = await reprint.run(current.id);
      setShown(copy);
      setPrinted(true);
      if (!outcome.ok) setFailure(outcome.message);
    } catch (e) {
      setError(isApiError(e) && e.statusCode !== 0 ? e.message : t('errors.network'));
    }
  };

  const again = printed || !fresh;
  return (
    <Dialog
      open={!!fiche}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="xs"
      fullWidth
      aria-labelledby="pos-receipt-title"
    >
      <DialogTitle id="pos-receipt-title">{current ? t('receipt.title', { number: current.number }) : ''}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        {notice}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {failure ? (
          <PrintFailedAlert
            message={failure}
            onRetry={() => void onPrint()}
            retrying={busy || reprint.pendingId === current?.id}
          />
        ) : null}
        {current ? (
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'center',
              py: 2,
              borderRadius: 1.5,
              bgcolor: 'background.neutral',
            }}
          >
            <Box sx={{ boxShadow: 3 }}>
              <Receipt data={ticketReceipt(current, window.location.origin, { copy: copyOf(current) })} />
            </Box>
          </Box>
        ) : null}
        {current ? <ShareReceiptButton id={current.id} number={current.number} /> : null}
        {current ? (
          <ReceiptLink
            url={publicFicheUrl(window.location.origin, current.ref_code)}
            number={current.number}
            company={current.company_name}
          />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 1.5, sm: 3 }, pb: 'max(16px, env(safe-area-inset-bottom))', gap: 1 }}>
        <Button size="large" variant="outlined" color="inherit" onClick={onClose} sx={{ flex: 1, minHeight: 48 }}>
          {closeLabel ?? t('close')}
        </Button>
        <Button
          size="large"
          variant="contained"
          startIcon={<PrintOutlinedIcon />}
          onClick={() => void onPrint()}
          loading={busy || reprint.pendingId === current?.id}
          autoFocus
          sx={{ flex: 1, minHeight: 48 }}
        >
          {again ? t('receipt.reprint') : t('receipt.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
