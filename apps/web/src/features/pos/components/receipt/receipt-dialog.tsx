import type { FicheView } from '@borlette/shared/contracts/fiches';
import { publicFicheUrl, ticketReceipt } from '@borlette/shared/receipt/model';
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
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { usePrint } from './print-provider';
import { Receipt } from './receipt';
import { ReceiptLink } from './receipt-link';
import { ShareReceiptButton } from './share-receipt-button';
import { useReprintAndPrint } from './use-reprint';

interface Props {
  fiche: FicheView | null;
  onClose: () => void;
  /** Just sold: the first print is the original; any later one is a reprint (counted by the server). */
  fresh?: boolean;
  notice?: ReactNode;
  closeLabel?: string;
}

/** The receipt on screen (as it prints) with « Imprimer »; full screen on a phone. */
export function ReceiptDialog({ fiche, onClose, fresh = false, notice, closeLabel }: Props) {
  const { t } = useTranslation('pos');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const print = usePrint();
  const reprint = useReprintAndPrint();
  const [printed, setPrinted] = useState(false);
  const [shown, setShown] = useState<FicheView | null>(fiche);
  const [error, setError] = useState<string | null>(null);
  // A new ticket resets the dialog (the same dialog serves one ticket after another).
  if (fiche && fiche.id !== shown?.id) {
    setShown(fiche);
    setPrinted(false);
    setError(null);
  }
  const current = shown ?? fiche;

  const onPrint = async () => {
    if (!current) return;
    setError(null);
    if (fresh && !printed) {
      setPrinted(true);
      await print(current);
      return;
    }
    try {
      setShown(await reprint.run(current.id));
      setPrinted(true);
    } catch (e) {
      setError(isApiError(e) && e.statusCode !== 0 ? e.message : t('errors.network'));
    }
  };

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
              <Receipt
                data={ticketReceipt(current, window.location.origin, {
                  copy: !fresh || printed ? Math.max(2, current.print_count) : undefined,
                })}
              />
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
          loading={reprint.pendingId === current?.id}
          autoFocus
          sx={{ flex: 1, minHeight: 48 }}
        >
          {printed || !fresh ? t('receipt.reprint') : t('receipt.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
