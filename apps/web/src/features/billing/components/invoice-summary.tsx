import type { Invoice } from '@borlette/shared/contracts/billing';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { fDay, fInstantDay, fPeriod } from '../lib/format';
import type { Period } from '../lib/period';
import { InvoiceStatusChip } from './billing-chips';

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, alignItems: 'baseline' }}>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'h6' : 'body2'}
        component="dd"
        sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : 500 }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The invoice to pay: company, period, active agents × price, amount, status; or why there is none. */
export function InvoiceSummary({
  query,
  period,
  paidSoFar = 0,
}: {
  query: UseQueryResult<Invoice | null>;
  period: Period;
  /** Confirmed payments by hand that already cover part of an unpaid invoice. */
  paidSoFar?: number;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  if (query.isPending)
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton width="50%" height={32} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Box>
    );
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {errorMessage(query.error, t('pay.loadFailed'))}
      </Alert>
    );
  const inv = query.data;
  if (!inv) return <Alert severity="info">{t('pay.none', { period: fPeriod(period.start, period.end, lang) })}</Alert>;
  const money = (v: number) => formatMoney(v, inv.currency, lang);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace' }}>
          {inv.number}
        </Typography>
        <InvoiceStatusChip invoice={inv} />
        <Button
          component={RouterLink}
          to={`${paths.dashboard.company.facturation}/${inv.id}/pdf`}
          state={{ number: inv.number }}
          size="small"
          sx={{ ml: 'auto' }}
        >
          {t('actions.pdf')}
        </Button>
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={t('columns.company')}>
          {inv.company_name} ({inv.company_ref})
        </Row>
        <Row label={t('columns.period')}>{fPeriod(inv.period_start, inv.period_end, lang)}</Row>
        <Row label={t('pay.activeAgents')}>{inv.active_agents}</Row>
        <Row label={t('pay.pricePerAgent')}>{money(inv.price_per_agent)}</Row>
        <Row label={t('columns.due')}>{fDay(inv.due_date, lang)}</Row>
        {inv.status === 'unpaid' && paidSoFar > 0 ? (
          <>
            <Row label={t('columns.amount')}>{money(inv.amount)}</Row>
            <Row label={t('pay.paidSoFar')}>− {money(paidSoFar)}</Row>
            <Row label={t('pay.remaining')} strong>
              {money(Math.max(0, inv.amount - paidSoFar))}
            </Row>
          </>
        ) : (
          <Row label={t(inv.status === 'unpaid' ? 'pay.total' : 'columns.amount')} strong>
            {money(inv.amount)}
          </Row>
        )}
      </Box>
      {inv.status === 'paid' ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          {t('pay.alreadyPaid', { date: fInstantDay(inv.paid_at, lang) })}
        </Alert>
      ) : inv.status === 'cancelled' ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('pay.cancelled')}
        </Alert>
      ) : inv.amount <= 0 || inv.active_agents <= 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('pay.nothingDue')}
        </Alert>
      ) : inv.overdue ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('pay.overdue')}
        </Alert>
      ) : null}
    </Box>
  );
}
