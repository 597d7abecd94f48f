import { billingEndpoints, type CompanyPayment } from '@borlette/shared/contracts/billing';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { billingKeys, useCompanyChoices } from '../api/billing';
import { isManual, useCancelPayment } from '../api/payments';
import { DateRangeFilter } from '../components/date-range-filter';
import { paymentColumns } from '../components/payment-columns';
import { isDay } from '../lib/period';

const PAID = /^[A-Za-z0-9][A-Za-z0-9_/-]{0,39}$/;

/**
 * /dashboard/company/payment: the payment history of the companies (online payments, read-only, and
 * those entered by hand); after an online payment the provider sends the browser back here with
 * ?paid=<invoice number>.
 */
export default function PaymentListPage() {
  const { t, i18n } = useTranslation(['billing', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const cancel = useCancelPayment();
  const [params, setParams] = useSearchParams();
  const companies = useCompanyChoices();
  const canAdd = useCan(billingEndpoints.createPayment);
  const canChange = useCan(billingEndpoints.updatePayment);
  const list = paths.dashboard.company.payment;

  const paid = params.get('paid') ?? '';
  const start = isDay(params.get('start_date')) ? (params.get('start_date') as string) : '';
  const end = isDay(params.get('end_date')) ? (params.get('end_date') as string) : '';
  const extra = useMemo(() => ({ start_date: start || undefined, end_date: end || undefined }), [start, end]);

  const setParam = useCallback(
    (patch: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
          if (!('paid' in patch)) next.delete('page');
          return next;
        },
        { replace: 'paid' in patch, preventScrollReset: true },
      ),
    [setParams],
  );

  const filters = useMemo<DataTableFilter[]>(
    () => [
      {
        key: 'company_id',
        label: 'billing:filters.company',
        allLabel: 'billing:filters.allCompanies',
        options: (companies.data ?? []).map((c) => ({ value: String(c.id), text: c.name })),
      },
      {
        key: 'method',
        label: 'billing:payments.filters.method',
        allLabel: 'billing:payments.filters.allMethods',
        options: ['sandbox', 'moncash', 'cash', 'transfer', 'other'].map((m) => ({
          value: m,
          label: `billing:payments.method.${m}`,
        })),
      },
    ],
    [companies.data],
  );
  const columns = useMemo(() => paymentColumns(i18n.language), [i18n.language]);

  const onCancel = async (p: CompanyPayment) => {
    const ok = await confirm({
      title: t('payments.confirm.cancelTitle', {
        amount: formatMoney(p.amount, p.currency, i18n.language),
        name: p.company_name,
      }),
      message: p.invoice_number
        ? t('payments.confirm.cancelInvoice', { number: p.invoice_number })
        : t('payments.confirm.cancelText'),
      confirmText: t('payments.actions.cancel'),
      cancelText: t('payments.confirm.keep'),
      danger: true,
    });
    if (ok) cancel.mutate({ id: p.id, company_name: p.company_name });
  };

  const rowActions = (p: CompanyPayment): RowAction[] => [
    ...(p.invoice_id
      ? [
          {
            key: 'pdf',
            label: 'billing:actions.pdf',
            icon: <PictureAsPdfOutlinedIcon fontSize="small" />,
            onClick: () =>
              navigate(`${paths.dashboard.company.facturation}/${p.invoice_id}/pdf`, {
                state: { number: p.invoice_number },
              }),
          },
        ]
      : []),
    ...(canChange && isManual(p) && p.status === 'confirmed'
      ? [
          {
            key: 'edit',
            label: 'billing:payments.actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(`${list}/${p.id}/edit`),
          },
          {
            key: 'cancel',
            label: 'billing:payments.actions.cancel',
            icon: <BlockIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onCancel(p),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={`${list}/new`} variant="contained" startIcon={<AddIcon />}>
      {t('payments.new')}
    </Button>
  ) : null;
  const title = t('nav:payments');

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('payments.subtitle')}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:facturation'), to: paths.dashboard.company.facturation },
          { label: title },
        ]}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={paths.dashboard.company.facturation}
              variant="outlined"
              color="inherit"
              startIcon={<ReceiptLongOutlinedIcon />}
            >
              {t('nav:facturation')}
            </Button>
            {addButton}
          </Box>
        }
      />
      {user.company ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('payments.selectedCompany', { name: user.company.companyname })}
        </Alert>
      ) : null}
      {paid && PAID.test(paid) ? (
        <Alert severity="success" sx={{ mb: 3 }} onClose={() => setParam({ paid: '', already: '' })}>
          <AlertTitle>{t('payments.paidTitle')}</AlertTitle>
          {t(params.get('already') ? 'payments.alreadyText' : 'payments.paidText', { number: paid })}
        </Alert>
      ) : null}
      <DataTable<CompanyPayment>
        queryKey={billingKeys.payments}
        endpoint={billingEndpoints.payments}
        columns={columns}
        rowKey={(p) => p.id}
        rowActions={rowActions}
        rowLabel={(p) => t('payments.rowActions', { name: p.company_name })}
        filters={filters}
        toolbar={
          <DateRangeFilter
            start={start}
            end={end}
            onChange={(v) => setParam({ start_date: v.start, end_date: v.end })}
          />
        }
        params={extra}
        searchPlaceholder="billing:payments.search"
        defaultSort="paid_at"
        defaultOrder="desc"
        csv
        csvFilename="paiements.csv"
        ariaLabel={title}
        empty={{ title: t('payments.emptyTitle'), text: t('payments.emptyText'), action: addButton }}
      />
    </>
  );
}
