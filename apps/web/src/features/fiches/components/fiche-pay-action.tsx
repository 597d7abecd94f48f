import { type FicheDetail, ficheEndpoints } from '@borlette/shared/contracts/fiches';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { useCan } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { usePayAtOffice } from '../api/fiches';

/**
 * The office pays a winning ticket by its number alone (pay_fiche; agents need the receipt's proof):
 * when the winner lost the receipt or its QR code does not read. Shown on a winning, unblocked ticket
 * to an admin or supervisor holding the codename; the server decides in the end.
 */
export function useCanPayAtOffice(fiche: FicheDetail): boolean {
  // The endpoint's access: an admin or supervisor holding pay_fiche.
  return useCan(ficheEndpoints.payAtOffice) && fiche.status === 'gagnant' && !fiche.blocked;
}

export function FichePayAction({ fiche, onRefused }: { fiche: FicheDetail; onRefused: (message: string) => void }) {
  const { t, i18n } = useTranslation('fiches');
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const pay = usePayAtOffice();
  const amount = formatMoney(fiche.win_amount, fiche.currency, i18n.language);

  const onClick = async () => {
    const ok = await confirm({
      title: t('pay.title', { number: fiche.number, amount }),
      message: t('pay.message'),
      confirmText: t('pay.confirm'),
    });
    if (!ok) return;
    try {
      await pay.mutateAsync(fiche.number);
      enqueueSnackbar(t('pay.done', { number: fiche.number, amount }), { variant: 'success' });
    } catch (error) {
      onRefused(errorMessage(error, t('actions.failed')));
    }
  };

  return (
    <Button
      variant="contained"
      color="success"
      startIcon={<PaymentsOutlinedIcon />}
      loading={pay.isPending}
      onClick={() => void onClick()}
    >
      {t('pay.button', { amount })}
    </Button>
  );
}
