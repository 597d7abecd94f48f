import { billingEndpoints, type facturationsQuery, type Invoice } from '@borlette/shared/contracts/billing';
import type { SortKey } from '@borlette/shared/contracts/list';
import type { EndpointOutput } from '@borlette/shared/endpoint';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  DataTable,
  type DataTableFilter,
  type RowAction,
  toListParams,
  useListQuery,
  useTableState,
} from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { billingKeys, useCompanyChoices } from '../api/billing';
import { BillingSettingsDialog, type SettingsTarget } from '../components/billing-settings-dialog';
import { BillingTotals } from '../components/billing-totals';
import { invoiceColumns } from '../components/invoice-columns';
import { PeriodPicker } from '../components/period-picker';
import { fPeriod } from '../lib/format';
import { canPayOnline } from '../lib/invoice-status';
import { payParamsOf, payQueryString } from '../lib/pay-params';
import { type Period, rangeProblem, readPeriod, todayIn, writePeriod } from '../lib/period';

const FILTER_KEYS = ['company', 'status'];
const INVOICE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_/-]{0,39}$/;
const DEFAULT_SORT = 'company_name' satisfies SortKey<typeof facturationsQuery>;

/**
 * /dashboard/company/facturation: one invoice per company for the period (the current month unless
 * chosen), with the totals of every matching invoice, its PDF, its online payment and the company's
 * prices.
 */
export default function InvoiceListPage() {
  const { t, i18n } = useTranslation(['billing', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = todayIn(user.company?.timezone ?? DEFAULT_TIME_ZONE);
  const period = readPeriod(params, today);
  const problem = rangeProblem(period);
  const [settingsFor, setSettingsFor] = useState<SettingsTarget | null>(null);
  const canPay = useCan(billingEndpoints.pay);
  const companies = useCompanyChoices();

  // Back from the provider's page after « Annuler » (?cancelled=<invoice number>).
  const cancelled = params.get('cancelled') ?? '';
  const closeCancelled = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('cancelled');
        return next;
      },
      { replace: true },
    );

  const setPeriod = useCallback(
    (p: Period) => setParams((current) => writePeriod(current, p, today), { preventScrollReset: true }),
    [setParams, today],
  );

  // An inverted or too long range is not sent: the list keeps the last valid period meanwhile.
  const [lastValid, setLastValid] = useState(period);
  if (!problem && (lastValid.start !== period.start || lastValid.end !== period.end)) setLastValid(period);
  const extra = useMemo(
    () => ({ start_date: lastValid.start, end_date: lastValid.end, which: 'superuser' }),
    [lastValid.start, lastValid.end],
  );

  const filters = useMemo<DataTableFilter[]>(
    () => [
      {
        key: 'company',
        label: 'billing:filters.company',
        allLabel: 'billing:filters.allCompanies',
        options: (companies.data ?? []).map((c) => ({ value: c.ref, text: c.name })),
      },
      {
        key: 'status',
        label: 'billing:filters.status',
        allLabel: 'billing:filters.allStatuses',
        options: ['unpaid', 'paid', 'cancelled'].map((s) => ({ value: s, label: `billing:status.${s}` })),
      },
    ],
    [companies.data],
  );
  const columns = useMemo(() => invoiceColumns(i18n.language, today, t), [i18n.language, today, t]);
  const sortKeys = useMemo(() => columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [columns]);

  // The totals come with the page: the same query as the table's (same key and params, one request).
  const { state } = useTableState({ filterKeys: FILTER_KEYS, sortKeys, defaultSort: DEFAULT_SORT });
  const list = useListQuery<Invoice>(billingKeys.invoices, billingEndpoints.invoices, toListParams(state, extra));
  const totals = (list.data as EndpointOutput<typeof billingEndpoints.invoices> | undefined)?.totals;

  const rowActions = (i: Invoice): RowAction[] => [
    {
      key: 'pdf',
      label: 'billing:actions.pdf',
      icon: <PictureAsPdfOutlinedIcon fontSize="small" />,
      onClick: () => navigate(`${paths.dashboard.company.facturation}/${i.id}/pdf`, { state: { number: i.number } }),
    },
    ...(canPay && canPayOnline(i)
      ? [
          {
            key: 'pay',
            label: 'billing:actions.pay',
            icon: <CreditCardOutlinedIcon fontSize="small" />,
            onClick: () => navigate(`${paths.dashboard.company.payFacturation}?${payQueryString(payParamsOf(i))}`),
          },
          {
            key: 'manual',
            label: 'billing:actions.manual',
            icon: <PaymentsOutlinedIcon fontSize="small" />,
            onClick: () =>
              navigate(`${paths.dashboard.company.payment}/new?company_id=${i.company_id}&invoice_id=${i.id}`),
          },
        ]
      : []),
    {
      key: 'settings',
      label: 'billing:actions.settings',
      icon: <PriceChangeOutlinedIcon fontSize="small" />,
      onClick: () => setSettingsFor({ id: i.company_id, name: i.company_name, currency: i.currency }),
    },
  ];

  const title = t('nav:facturation');
  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        component={RouterLink}
        to={paths.dashboard.company.payment}
        variant="outlined"
        color="inherit"
        startIcon={<ReceiptOutlinedIcon />}
      >
        {t('nav:payments')}
      </Button>
      {canPay ? (
        <Button
          component={RouterLink}
          to={paths.dashboard.company.payFacturation}
          variant="contained"
          startIcon={<CreditCardOutlinedIcon />}
        >
          {t('nav:pay_facturation')}
        </Button>
      ) : null}
    </Box>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('invoices.subtitle')}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:companies'), to: paths.dashboard.company.list },
          { label: title },
        ]}
        action={actions}
      />
      {cancelled && INVOICE_NUMBER.test(cancelled) ? (
        <Alert severity="warning" sx={{ mb: 3 }} onClose={closeCancelled}>
          {t('invoices.paymentCancelled', { number: cancelled })}
        </Alert>
      ) : null}
      <BillingTotals totals={list.isError ? undefined : totals} loading={list.isPending} />
      <DataTable<Invoice>
        queryKey={billingKeys.invoices}
        endpoint={billingEndpoints.invoices}
        columns={columns}
        rowKey={(i) => i.id}
        rowActions={rowActions}
        rowLabel={(i) => t('rowActions', { number: i.number, name: i.company_name })}
        filters={filters}
        toolbar={<PeriodPicker period={period} today={today} onChange={setPeriod} />}
        params={extra}
        searchPlaceholder="billing:invoices.search"
        defaultSort={DEFAULT_SORT}
        csv
        csvFilename="factures.csv"
        ariaLabel={t('invoices.tableLabel')}
        empty={{
          title: t('invoices.emptyTitle'),
          text: t('invoices.emptyText', { period: fPeriod(lastValid.start, lastValid.end, i18n.language) }),
        }}
      />
      <BillingSettingsDialog company={settingsFor} onClose={() => setSettingsFor(null)} />
    </>
  );
}
