import type { FicheView } from '@borlette/shared/contracts/fiches';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog';
import { FicheDetails } from '../../../../components/fiche-details';
import { FicheStatusChip } from '../../../../components/fiche-status-chip';
import { isApiError } from '../../../../lib/api-client';
import { fDateTime, fDayNumeric, formatMoney } from '../../../../lib/format';
import { type PayProof, usePayFiche, usePosConfig } from '../../api/pos-api';
import { usePosUser } from '../../api/pos-session';
import { payForbidden, payOwner, payRefusal } from '../../lib/fiche-rules';
import { useCompanyToday } from '../use-now';

/**
 * The ticket looked up in « Payer »: status, draws, lines, amount won, and « Payer » when it may be
 * paid (with the same proof of the receipt as the lookup).
 */
export function PayFicheCard({ fiche, proof }: { fiche: FicheView; proof: PayProof }) {
  const { t, i18n } = useTranslation('pos');
  const confirm = useConfirm();
  const pay = usePayFiche();
  const today = useCompanyToday();
  const user = usePosUser();
  const { data: config } = usePosConfig();
  const [paid, setPaid] = useState<{ number: number; amount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const money = (v: number) => formatMoney(v, fiche.currency, i18n.language);
  const when = (v: string) => fDateTime(v, { timeZone: fiche.timezone, language: i18n.language });
  const refusal = payRefusal(fiche, today);
  const justPaid = paid?.number === fiche.number;
  // Someone else's ticket is said on the card and in the confirmation, before the money leaves (issue 16).
  const owner = payOwner(fiche, { id: user.id, surcussale_name: config?.agent.surcussale_name ?? null });
  const seller = { name: fiche.agent_name, branch: fiche.surcussale_name ?? t('pay.noBranch') };
  // The company may forbid paying another sub-branch's ticket: said before any attempt, « Payer » stays
  // disabled (the server refuses it anyway). Unknown until the config loads: the server decides then.
  const forbidden = payForbidden(owner, config?.agents_pay_other_branches ?? true);
  const ownerNotice = owner === 'own' ? null : t(forbidden ? 'pay.owner.forbidden' : `pay.owner.${owner}`, seller);
  const noticeId = useId();

  const onPay = async () => {
    const ok = await confirm({
      title: t('pay.confirmTitle', { amount: money(fiche.win_amount) }),
      message: ownerNotice ? (
        <>
          <Box
            component="strong"
            sx={(theme) => ({
              display: 'block',
              mb: 1,
              color: theme.palette.mode === 'light' ? 'warning.dark' : 'warning.light',
            })}
          >
            {ownerNotice}
          </Box>
          {t('pay.confirmText', { number: fiche.number })}
        </>
      ) : (
        t('pay.confirmText', { number: fiche.number })
      ),
      confirmText: t('pay.pay'),
    });
    if (!ok) return;
    setError(null);
    try {
      const answer = await pay.mutateAsync(proof);
      setPaid({ number: fiche.number, amount: answer?.paid_amount ?? fiche.win_amount });
    } catch (e) {
      setError(isApiError(e) && e.statusCode !== 0 ? e.message : t('errors.network'));
    }
  };

  return (
    <Card sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('fiches.number', { number: fiche.number })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('pay.soldBy', { date: when(fiche.sold_at), name: fiche.agent_name })}
          </Typography>
        </Box>
        <FicheStatusChip status={fiche.status} size="medium" />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, my: 2 }}>
        <Box sx={{ p: 1.5, borderRadius: 1.5, bgcolor: 'background.neutral' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('pay.stake')}
          </Typography>
          <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {money(fiche.amount)}
          </Typography>
        </Box>
        <Box sx={{ p: 1.5, borderRadius: 1.5, bgcolor: 'background.neutral' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('pay.won')}
          </Typography>
          <Typography
            variant="h6"
            sx={{ fontVariantNumeric: 'tabular-nums', color: fiche.win_amount > 0 ? 'success.main' : 'text.primary' }}
          >
            {money(fiche.win_amount)}
          </Typography>
          {fiche.win_amount > 0 && fiche.status !== 'paye' && !justPaid ? (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {t('pay.payableUntil', { date: fDayNumeric(fiche.expires_on) })}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {ownerNotice && !justPaid ? (
        <Alert id={noticeId} severity={forbidden && !refusal ? 'error' : 'warning'} sx={{ mb: 2 }}>
          {ownerNotice}
        </Alert>
      ) : null}
      {justPaid ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {t('pay.done', { number: fiche.number, amount: money(paid.amount) })}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      ) : null}
      {!justPaid && refusal ? (
        <Alert severity={refusal === 'pending' ? 'info' : 'warning'} sx={{ mb: 2 }}>
          {t(`pay.refusal.${refusal}`, {
            date: fiche.paid_at ? when(fiche.paid_at) : '',
            expires: fDayNumeric(fiche.expires_on),
          })}
        </Alert>
      ) : null}
      {!refusal && !justPaid ? (
        <Button
          fullWidth
          size="large"
          variant="contained"
          color="success"
          startIcon={<PaymentsOutlinedIcon />}
          loading={pay.isPending}
          disabled={forbidden}
          aria-describedby={forbidden ? noticeId : undefined}
          onClick={() => void onPay()}
          sx={{ mb: 2, minHeight: 52, fontSize: 17 }}
        >
          {t('pay.payAmount', { amount: money(fiche.win_amount) })}
        </Button>
      ) : null}
      <Divider sx={{ mb: 2 }} />
      <FicheDetails draws={fiche.draws} lines={fiche.lines} currency={fiche.currency} />
    </Card>
  );
}
