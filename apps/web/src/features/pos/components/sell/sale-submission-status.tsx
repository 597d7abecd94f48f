import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog';
import { formatMoney } from '../../../../lib/format';
import { SALE_ATTEMPTS, unsettledTotal } from '../../lib/sale-submission';
import type { SaleSubmission } from './use-sale-submission';

/**
 * What the sale's network is doing, above the lines: offline (nothing sells, nothing typed is lost),
 * a sale on its way (« Envoi… », « Nouvel essai 2/5… », stoppable), or a sale without an answer
 * (retry, or the agent's explicit confirmation that it did not go through).
 */
export function SaleSubmissionStatus({ submission, currency }: { submission: SaleSubmission; currency: string }) {
  const { t, i18n } = useTranslation('pos');
  const confirm = useConfirm();
  const { state, online } = submission;

  const offline = online ? null : (
    <Alert severity="warning" icon={<CloudOffOutlinedIcon />} role="status">
      {t('network.offline')}
    </Alert>
  );

  if (state.phase === 'sending' || state.phase === 'waiting') {
    const label =
      state.phase === 'waiting'
        ? t('network.waiting', {
            attempt: state.attempt,
            max: SALE_ATTEMPTS,
            seconds: Math.round(state.delayMs / 1000),
          })
        : state.attempt === 1
          ? t('network.sending')
          : t('network.retrying', { attempt: state.attempt, max: SALE_ATTEMPTS });
    return (
      <Stack spacing={1}>
        {offline}
        <Alert
          severity="info"
          icon={<CircularProgress size={20} aria-hidden="true" />}
          role="status"
          action={
            <Button color="inherit" size="small" onClick={submission.cancel}>
              {t('network.stop')}
            </Button>
          }
        >
          {label}
        </Alert>
      </Stack>
    );
  }

  if (state.phase === 'unknown') {
    const amount = formatMoney(unsettledTotal(state.sale), currency, i18n.language);
    const onConfirm = async () => {
      const sure = await confirm({
        title: t('network.confirmTitle'),
        message: t('network.confirmText'),
        confirmText: t('network.confirmNotSold'),
        danger: true,
      });
      if (sure) submission.confirmNotSold();
    };
    return (
      <Stack spacing={1}>
        {offline}
        <Alert severity="error" role="alert">
          <AlertTitle>{t('network.unknownTitle')}</AlertTitle>
          {t('network.unknownText', { amount, count: state.sale.sale.lines.length })}
          <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" color="error" size="small" disabled={!online} onClick={submission.submit}>
              {t('network.retry')}
            </Button>
            <Button color="inherit" size="small" onClick={() => void onConfirm()}>
              {t('network.notSold')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return offline;
}
