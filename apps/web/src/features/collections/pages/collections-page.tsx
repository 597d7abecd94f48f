import { type Collection, type CollectionPage, collectionEndpoints } from '@borlette/shared/contracts/collections';
import AddIcon from '@mui/icons-material/Add';
import PrintIcon from '@mui/icons-material/Print';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  type DataTableColumn,
  type RowAction,
  toListParams,
  useListQuery,
  useTableState,
} from '../../../components/data-table';
import { lazyDialog } from '../../../components/lazy-dialog';
import { PageHeader } from '../../../components/page-header';
import { PeriodFilters } from '../../../components/period-filters';
import { PrintFailedAlert } from '../../../components/printing/print-failed-alert';
import { PrinterProvider } from '../../../components/printing/use-printer';
import { SummaryCards } from '../../../components/summary-cards';
import { TwoLines } from '../../../components/two-lines';
import { When } from '../../../components/when';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { fDay, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { narrowed, type UrlSpec } from '../../../lib/url-state';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { COLLECTIONS_KEY } from '../api/collections';
import { CollectionDialog } from '../components/collection-dialog';
import { ReverseDialog } from '../components/reverse-dialog';
import { SupervisorFilter } from '../components/supervisor-filter';
import { usePrintCollection } from '../components/use-print-collection';

const PrinterDialog = lazyDialog(() =>
  import('../../../components/printing/printer-dialog').then((m) => m.PrinterDialog),
);

const EXTRA = { supervisor: { param: 'supervisor_id', type: 'id' } } as const satisfies UrlSpec<'supervisor'>;

/**
 * /dashboard/collections (view_collection): the cash collected from the agents over the period (today
 * by default), by agent; a new collection (add_collection) shows its receipt to print; a collection can
 * be reversed once (change_collection), with a reason, after a confirmation. Receipts print on this
 * device's printer (« Imprimante »: the settings the POS keeps on it), the print dialog by default.
 */
export default function CollectionsPage() {
  const user = useUser();
  return (
    <PrinterProvider company={user.company?.companyname ?? user.companyname}>
      <Collections />
    </PrinterProvider>
  );
}

function Collections() {
  const { t } = useTranslation(['collections', 'nav']);
  const f = useUrlFilters(EXTRA);
  const d = f.display;
  const canAdd = useCan(collectionEndpoints.add);
  const canReverse = useCan(collectionEndpoints.reverse);
  const [adding, setAdding] = useState(false);
  const [reversing, setReversing] = useState<Collection | null>(null);
  const [printerOpen, setPrinterOpen] = useState(false);
  const receipt = usePrintCollection();
  const printReceipt = receipt.print;
  const money = useCallback((c: number, cur?: string) => formatMoney(c, cur ?? d.currency, d.language), [d]);

  const { start_date, end_date, agent_id } = f.apiParams as {
    start_date?: string;
    end_date?: string;
    agent_id?: number;
  };
  const supervisor_id = f.state.supervisor ? Number(f.state.supervisor) : undefined;
  const params = useMemo(
    () => ({ start_date, end_date, agent_id, supervisor_id }),
    [start_date, end_date, agent_id, supervisor_id],
  );
  const { state } = useTableState({ sortKeys: ['at', 'amount', 'agent'], defaultSort: 'at', defaultOrder: 'desc' });
  const list = useListQuery<Collection>(COLLECTIONS_KEY, collectionEndpoints.list, toListParams(state, params));
  const page = list.isError ? undefined : (list.data as CollectionPage | undefined);

  const columns: DataTableColumn<Collection, 'at' | 'amount' | 'agent'>[] = [
    { id: 'at', header: 'collections:columns.at', sortKey: 'at', card: 'subtitle', render: (r) => <When at={r.at} /> },
    {
      id: 'agent',
      header: 'collections:columns.agent',
      sortKey: 'agent',
      card: 'title',
      render: (r) => (
        <TwoLines main={r.agent_name} caption={[r.agent_username, r.surcussale_name].filter(Boolean).join(' · ')} />
      ),
    },
    {
      id: 'amount',
      header: 'collections:columns.amount',
      sortKey: 'amount',
      align: 'right',
      render: (r) => (
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, textDecoration: r.reversal ? 'line-through' : undefined, whiteSpace: 'nowrap' }}
        >
          {money(r.amount, r.currency)}
        </Typography>
      ),
    },
    {
      id: 'state',
      header: 'collections:columns.state',
      card: 'status',
      render: (r) =>
        r.reversal ? (
          <TwoLines main={t('reversed')} caption={r.reversal.reason ?? ''} />
        ) : (
          <Typography variant="body2">{t('active')}</Typography>
        ),
    },
    {
      id: 'note',
      header: 'collections:columns.note',
      hideOnPhone: true,
      render: (r) => <TwoLines main={r.note || '—'} caption={r.actor_name ?? ''} />,
    },
  ];

  const rowActions = useCallback(
    (r: Collection): RowAction[] => [
      { key: 'print', label: 'collections:print', icon: <PrintIcon />, onClick: () => void printReceipt(r) },
      ...(canReverse && !r.reversal
        ? [
            {
              key: 'reverse',
              label: 'collections:reverse.action',
              icon: <UndoIcon />,
              color: 'error' as const,
              onClick: () => setReversing(r),
            },
          ]
        : []),
    ],
    [canReverse, printReceipt],
  );

  const title = t('nav:collections');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: title }]}
        action={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => setPrinterOpen(true)}>
              {t('printer')}
            </Button>
            {canAdd ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {t('new')}
              </Button>
            ) : null}
          </Stack>
        }
      />
      {receipt.failure ? (
        <PrintFailedAlert
          title={t('receipt.failedAgain', { id: receipt.failure.collection.id })}
          message={receipt.failure.message}
          onRetry={() => receipt.failure && void printReceipt(receipt.failure.collection)}
          retrying={receipt.printing}
        />
      ) : null}
      <SummaryCards
        loading={list.isPending}
        label={t('summary.label')}
        items={[
          {
            key: 'total',
            label: t('summary.total'),
            value: page ? money(page.total) : null,
            icon: <SavingsOutlinedIcon />,
            tone: 'success',
          },
          {
            key: 'count',
            label: t('summary.count'),
            value: page ? String(page.count) : null,
            icon: <ReceiptLongOutlinedIcon />,
            tone: 'info',
          },
        ]}
      />
      <DataTable<Collection>
        queryKey={COLLECTIONS_KEY}
        endpoint={collectionEndpoints.list}
        columns={columns}
        rowKey={(r) => r.id}
        rowActions={rowActions}
        rowLabel={(r) => t('rowLabel', { agent: r.agent_name, amount: money(r.amount, r.currency) })}
        params={params}
        searchPlaceholder="collections:search"
        defaultSort="at"
        defaultOrder="desc"
        csv
        csvFilename="collectes.csv"
        ariaLabel={title}
        toolbar={
          <PeriodFilters
            state={f.state}
            range={f.range}
            problem={f.problem}
            today={f.today}
            onChange={f.update}
            show={{ agent: true }}
            onReset={
              narrowed(f.state, ['agent', 'supervisor']) ? () => f.update({ agent: '', supervisor: '' }) : undefined
            }
          >
            <SupervisorFilter value={f.state.supervisor} onChange={(s) => f.update({ supervisor: s })} />
          </PeriodFilters>
        }
        empty={{
          title: t('empty.title'),
          text:
            f.range.start === f.range.end
              ? t('empty.day', { day: fDay(f.range.start, d.language) })
              : t('empty.range', { start: fDay(f.range.start, d.language), end: fDay(f.range.end, d.language) }),
        }}
      />
      <CollectionDialog open={adding} onClose={() => setAdding(false)} />
      <PrinterDialog open={printerOpen} onClose={() => setPrinterOpen(false)} />
      <ReverseDialog
        target={reversing}
        amount={reversing ? money(reversing.amount, reversing.currency) : ''}
        onClose={() => setReversing(null)}
      />
    </>
  );
}
