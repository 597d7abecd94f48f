import { balanceState, balanceTone } from '@borlette/shared/money/balance';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceFigure } from '../../../components/balance-figure';
import { DateInput } from '../../../components/date-input';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useClosing, useDayReport, usePosConfig } from '../api/pos-api';
import { ClosingSection } from './closing/closing-section';
import { useCompanyToday } from './use-now';

function Figure({ label, value, detail, tone }: { label: string; value: string; detail?: string; tone?: string }) {
  return (
    <Card sx={{ p: 2 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums', color: tone }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      ) : null}
    </Card>
  );
}

/**
 * « Rapport du jour »: the agent's tickets, sales, commission, winnings, payouts and what to hand over;
 * under it the day's closing (Z report) with its print button.
 */
export function ReportTab() {
  const { t, i18n } = useTranslation('pos');
  const { data: config } = usePosConfig();
  const today = useCompanyToday();
  const [date, setDate] = useState<string | null>(null);
  const day = date ?? today;
  const report = useDayReport(day);
  const closing = useClosing(day, !!config);
  const currency = config?.company.currency ?? 'HTG';
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <DateInput
          size="small"
          label={t('report.date')}
          value={day}
          onChange={(v) => setDate(v || null)}
          max={today}
          sx={{ minWidth: 180 }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          aria-label={t('refresh')}
          onClick={() => void Promise.all([report.refetch(), closing.refetch()])}
          disabled={report.isFetching}
        >
          <RefreshIcon />
        </IconButton>
      </Stack>
      {report.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {isApiError(report.error) && report.error.statusCode !== 0 ? report.error.message : t('errors.network')}
        </Alert>
      ) : !report.data ? (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}
          aria-busy="true"
        >
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} variant="rounded" height={84} />
          ))}
        </Box>
      ) : (
        (() => {
          const r = report.data;
          const tone = balanceTone(r.balance);
          return (
            <>
              <Card
                component="section"
                aria-label={t('report.balanceTitle')}
                sx={(theme) => ({
                  p: 2.5,
                  mb: 1.5,
                  border: `2px solid ${tone === 'neutral' ? theme.palette.divider : theme.palette[tone].main}`,
                })}
              >
                <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
                  {t('report.balanceTitle')}
                </Typography>
                <Box sx={{ my: 0.5 }}>
                  <BalanceFigure value={r.balance} currency={currency} variant="h4" />
                </Box>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {t(`report.balanceHelp.${balanceState(r.balance)}`)}
                </Typography>
              </Card>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
                <Figure label={t('report.tickets')} value={String(r.tickets)} />
                <Figure label={t('report.sales')} value={money(r.sales_amount)} />
                <Figure label={t('report.commission')} value={money(r.commission_amount)} />
                <Figure label={t('report.winnings')} value={money(r.win_amount)} />
                <Figure
                  label={t('report.payouts')}
                  value={money(r.paid_amount)}
                  detail={t('report.paidCount', { count: r.paid })}
                />
                <Figure
                  label={t('report.cancelled')}
                  value={money(r.cancelled_amount)}
                  detail={t('report.cancelledCount', { count: r.cancelled })}
                />
              </Box>
            </>
          );
        })()
      )}
      <ClosingSection date={day} ready={!!config} />
    </Box>
  );
}
