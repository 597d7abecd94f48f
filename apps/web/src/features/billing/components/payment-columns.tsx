import type { CompanyPayment, companyPaymentListQuery } from '@borlette/shared/contracts/billing';
import type { SortKey } from '@borlette/shared/contracts/list';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { fInstantDay } from '../lib/format';
import { MethodChip, PaymentStatusChip } from './billing-chips';

const muted = { color: 'text.secondary', display: 'block' } as const;
const Dash = () => (
  <Box component="span" sx={{ color: 'text.disabled' }}>
    —
  </Box>
);

/** The payment history's columns (labels are keys of billing.json). */
export function paymentColumns(
  language: string,
): DataTableColumn<CompanyPayment, SortKey<typeof companyPaymentListQuery>>[] {
  const amount = (p: CompanyPayment) => (
    <Box
      sx={{
        whiteSpace: 'nowrap',
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
        ...(p.status === 'cancelled' && { textDecoration: 'line-through', color: 'text.disabled' }),
      }}
    >
      {formatMoney(p.amount, p.currency, language)}
    </Box>
  );
  return [
    {
      id: 'company',
      header: 'billing:payments.columns.company',
      sortKey: 'company_name',
      minWidth: 150,
      render: (p) => p.company_name,
    },
    {
      id: 'invoice',
      header: 'billing:payments.columns.invoice',
      sortKey: 'invoice_number',
      render: (p) =>
        p.invoice_id && p.invoice_number ? (
          <Link
            component={RouterLink}
            to={`${paths.dashboard.company.facturation}/${p.invoice_id}/pdf`}
            state={{ number: p.invoice_number }}
            underline="hover"
            sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
          >
            {p.invoice_number}
          </Link>
        ) : (
          <Dash />
        ),
    },
    {
      id: 'amount',
      header: 'billing:payments.columns.amount',
      sortKey: 'amount',
      align: 'right',
      render: amount,
    },
    {
      id: 'method',
      header: 'billing:payments.columns.method',
      sortKey: 'method',
      minWidth: 150,
      render: (p) => (
        <>
          <MethodChip method={p.method} />
          {p.reference ? (
            <Typography
              component="span"
              variant="caption"
              title={p.reference}
              sx={{
                ...muted,
                mt: 0.5,
                maxWidth: 180,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {p.reference}
            </Typography>
          ) : null}
          {p.note ? (
            <Typography
              component="span"
              variant="caption"
              title={p.note}
              sx={{ ...muted, maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {p.note}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'paid_at',
      header: 'billing:payments.columns.date',
      sortKey: 'paid_at',
      render: (p) => <Box sx={{ whiteSpace: 'nowrap' }}>{fInstantDay(p.paid_at, language)}</Box>,
    },
    {
      id: 'status',
      header: 'billing:payments.columns.status',
      sortKey: 'status',
      render: (p) => <PaymentStatusChip status={p.status} />,
    },
  ];
}
