import type { AgentClosing } from '@borlette/shared/contracts/closing';
import { amountSign } from '@borlette/shared/money/balance';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceFigure } from '../../../../components/balance-figure';
import { PrintFailedAlert } from '../../../../components/printing/print-failed-alert';
import { usePrinter } from '../../../../components/printing/use-printer';
import { isApiError } from '../../../../lib/api-client';
import { fDateTime, formatCount, formatMoney } from '../../../../lib/format';
import { useClosing } from '../../api/pos-api';
import { ClosingDraws } from './closing-draws';
import { closingDocument } from './closing-receipt';

/** The day's wallet: owed before the day + the day's balance + the moves = owed at its end. */
function ClosingWallet({ closing }: { closing: AgentClosing }) {
  const { t } = useTranslation('pos');
  const w = closing.wallet;
  const currency = closing.company.currency;
  const lines: [string, number, 'balance' | 'entry'][] = [
    [t('closing.owedStart'), w.owed_start, 'balance'],
    [t('closing.dayBalance'), closing.day.balance, 'entry'],
    [t('closing.deposits'), w.deposits, 'entry'],
    [t('closing.withdrawals'), w.withdrawals, 'entry'],
  ];
  if (amountSign(w.adjustments)) lines.push([t('closing.adjustments'), w.adjustments, 'entry']);
  if (amountSign(w.zero)) lines.push([t('closing.zero'), w.zero, 'entry']);
  if (amountSign(w.collections)) lines.push([t('closing.collections'), w.collections, 'entry']);
  return (
    <Box component="section" aria-label={t('closing.wallet')} sx={{ px: 2, py: 1.5, maxWidth: { sm: 520 } }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('closing.wallet')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75 }}>
        {lines.map(([label, value, kind]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Box component="dd" sx={{ m: 0, pl: 2, textAlign: 'right' }}>
              <BalanceFigure value={value} currency={currency} kind={kind} label="none" strong={false} />
            </Box>
          </Box>
        ))}
        <Typography component="dt" variant="subtitle2" sx={{ pt: 0.75, borderTop: 1, borderColor: 'divider' }}>
          {t('closing.owedEnd')}
        </Typography>
        <Box
          component="dd"
          data-closing-owed
          sx={{ m: 0, pl: 2, pt: 0.75, borderTop: 1, borderColor: 'divider', textAlign: 'right' }}
        >
          <BalanceFigure value={w.owed_end} currency={currency} label="caption" variant="subtitle1" />
        </Box>
      </Box>
    </Box>
  );
}

/**
 * « Clôture de la journée »: the agent's Z report of the chosen day (GET /api/agents/closing), per
 * draw with the total, the day's wallet, and « Imprimer la clôture » on the chosen printer (ESC/POS
 * bytes, or the print dialog's HTML). Printed from a fresh read: the paper says when it was produced.
 */
export function ClosingSection({ date, ready }: { date: string; ready: boolean }) {
  const { t, i18n } = useTranslation('pos');
  const closing = useClosing(date, ready);
  const { printDocument, busy } = usePrinter();
  const [failure, setFailure] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const title = t('closing.title');

  const print = async () => {
    setPrinting(true);
    try {
      const fresh = await closing.refetch();
      if (!fresh.data) return;
      const outcome = await printDocument(closingDocument(fresh.data));
      setFailure(outcome.ok ? null : outcome.message);
    } finally {
      setPrinting(false);
    }
  };

  const c = closing.data;
  return (
    <Card component="section" aria-label={title} sx={{ mt: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {c ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('closing.produced', {
                when: fDateTime(c.produced_at, { timeZone: c.company.timezone, language: i18n.language }),
              })}
            </Typography>
          ) : null}
        </Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<PrintOutlinedIcon />}
          onClick={() => void print()}
          loading={printing || busy}
          disabled={!c}
          sx={{ minHeight: 48 }}
        >
          {t('closing.print')}
        </Button>
      </Stack>
      {failure ? (
        <Box sx={{ px: 2 }}>
          <PrintFailedAlert message={failure} onRetry={() => void print()} retrying={printing} />
        </Box>
      ) : null}
      {closing.isError ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {isApiError(closing.error) && closing.error.statusCode !== 0 ? closing.error.message : t('errors.network')}
        </Alert>
      ) : !c ? (
        <Box sx={{ px: 2, pb: 2 }} aria-busy="true">
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : (
        <Box sx={{ opacity: closing.isPlaceholderData ? 0.6 : 1 }}>
          {c.draws.length ? (
            <>
              <ClosingDraws closing={c} label={t('closing.draws')} />
              {c.day.tickets !== c.totals.tickets ? (
                <Typography variant="caption" component="p" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
                  {t('closing.distinct', {
                    count: c.day.tickets,
                    formatted: formatCount(c.day.tickets, i18n.language),
                  })}
                </Typography>
              ) : null}
            </>
          ) : (
            <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
              {t('closing.empty')}
            </Typography>
          )}
          {amountSign(c.supervisor_commission) ? (
            // Issue 20 §3: what its supervisors earn on these sales, as the company's reports show it.
            <Typography
              variant="caption"
              component="p"
              data-closing-supervisors
              sx={{ px: 2, pt: 1, color: 'text.secondary' }}
            >
              {t('closing.supervisorCommission', {
                amount: formatMoney(c.supervisor_commission, c.company.currency, i18n.language),
              })}
            </Typography>
          ) : null}
          <ClosingWallet closing={c} />
        </Box>
      )}
    </Card>
  );
}
