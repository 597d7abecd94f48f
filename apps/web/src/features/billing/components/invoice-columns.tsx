import type { facturationsQuery, Invoice } from '@borlette/shared/contracts/billing';
import type { SortKey } from '@borlette/shared/contracts/list';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '../../../components/data-table';
import { formatMoney } from '../../../lib/format';
import { fDay, fInstantDay, fPeriod } from '../lib/format';
import { isPastDue } from '../lib/invoice-status';
import { InvoiceStatusChip } from './billing-chips';

type Column = DataTableColumn<Invoice, SortKey<typeof facturationsQuery>>;

const muted = { color: 'text.secondary', display: 'block' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The invoice list's columns (labels are keys of billing.json; phones show them as cards). */
export function invoiceColumns(
  language: string,
  today: string,
  t: (key: string, o?: Record<string, unknown>) => string,
): Column[] {
  const money = (v: number, c: string) => formatMoney(v, c, language);
  const number: Column = {
    id: 'number',
    header: 'billing:columns.number',
    sortKey: 'number',
    render: (i) => (
      <>
        <Box component="span" sx={{ ...nowrap, fontFamily: 'monospace', fontSize: '0.8125rem' }}>
          {i.number}
        </Box>
        <Typography component="span" variant="caption" sx={muted}>
          {t('columns.issued', { date: fDay(i.issued_at.slice(0, 10), language) })}
        </Typography>
      </>
    ),
  };
  const company: Column = {
    id: 'company',
    header: 'billing:columns.company',
    sortKey: 'company_name',
    minWidth: 140,
    render: (i) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {i.company_name}
        </Box>
        <Typography component="span" variant="caption" sx={{ ...muted, fontFamily: 'monospace' }}>
          {i.company_ref}
        </Typography>
      </>
    ),
  };
  return [
    number,
    company,
    {
      id: 'period',
      header: 'billing:columns.period',
      sortKey: 'period_start',
      hideOnPhone: true,
      render: (i) => <Box sx={nowrap}>{fPeriod(i.period_start, i.period_end, language)}</Box>,
    },
    {
      id: 'agents',
      header: 'billing:columns.agents',
      sortKey: 'active_agents',
      align: 'right',
      hideOnPhone: true,
      render: (i) => (
        <Box sx={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>
          {t('columns.agentsTimesPrice', { n: i.active_agents, price: money(i.price_per_agent, i.currency) })}
        </Box>
      ),
    },
    {
      id: 'amount',
      header: 'billing:columns.amount',
      sortKey: 'amount',
      align: 'right',
      render: (i) => (
        <Box sx={{ ...nowrap, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{money(i.amount, i.currency)}</Box>
      ),
    },
    {
      hideOnPhone: true,
      id: 'status',
      header: 'billing:columns.status',
      sortKey: 'status',
      render: (i) => (
        <>
          <InvoiceStatusChip invoice={i} />
          <Typography
            component="span"
            variant="caption"
            sx={{ ...muted, ...nowrap, mt: 0.5, ...(isPastDue(i, today) && { color: 'warning.main' }) }}
          >
            {i.status === 'paid'
              ? t('columns.paidOn', { date: fInstantDay(i.paid_at, language) })
              : i.status === 'unpaid'
                ? t(isPastDue(i, today) ? 'columns.pastDue' : 'columns.dueOn', { date: fDay(i.due_date, language) })
                : ''}
          </Typography>
        </>
      ),
    },
  ];
}
