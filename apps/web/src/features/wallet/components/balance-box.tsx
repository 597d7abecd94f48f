import ExposureOutlinedIcon from '@mui/icons-material/ExposureOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BalanceFigure, useBalanceLook } from '../../../components/balance-figure';
import { useConfirm } from '../../../components/confirm-dialog';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { useTransactionZero } from '../api/wallet';
import { formatSigned, zeroAmount } from '../lib/wallet-kinds';

/**
 * The chosen agent's balance now, what it will be after the movement being typed, and the
 * « Transaction zéro » that brings it to exactly 0 (after a confirmation that says the amount).
 */
export function BalanceBox({
  agent,
  balance,
  loading,
  failed,
  effect,
  canZero,
}: {
  agent: { id: number; name: string };
  balance: number | undefined;
  loading: boolean;
  failed: boolean;
  /** The movement's effect on the balance, when the form holds a valid one. */
  effect: number | null;
  canZero: boolean;
}) {
  const { t } = useTranslation('wallet');
  const d = useCompanyDisplay();
  const confirm = useConfirm();
  const zero = useTransactionZero();
  const look = useBalanceLook();
  const posted = balance === undefined ? null : zeroAmount(balance);

  const askZero = async () => {
    if (balance === undefined || posted === null) return;
    const ok = await confirm({
      title: t('zero.title', { agent: agent.name }),
      message: t('zero.message', {
        agent: agent.name,
        balance: look(balance, d.currency).text,
        state: look(balance).label.toLowerCase(),
        amount: `${formatSigned(posted, d)} ${d.currency}`,
      }),
      confirmText: t('zero.confirm'),
    });
    if (ok) zero.mutate({ agent_id: agent.id });
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-live="polite"
      aria-label={t('form.balanceLabel', { agent: agent.name })}
      sx={{ p: 2, bgcolor: 'background.neutral', display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 180 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {t('form.balanceNow')}
        </Typography>
        {failed ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {t('form.balanceFailed')}
          </Typography>
        ) : loading || balance === undefined ? (
          <Skeleton width={160} height={32} />
        ) : (
          <BalanceFigure value={balance} currency={d.currency} variant="h6" />
        )}
        {balance !== undefined && effect !== null && effect !== 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('form.balanceAfter', {
              amount: look(balance + effect, d.currency).text,
              state: look(balance + effect).label.toLowerCase(),
            })}
          </Typography>
        ) : null}
      </Box>
      {canZero ? (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<ExposureOutlinedIcon />}
          onClick={() => void askZero()}
          disabled={balance === undefined || posted === null}
          loading={zero.isPending}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t('zero.action')}
        </Button>
      ) : null}
    </Paper>
  );
}
