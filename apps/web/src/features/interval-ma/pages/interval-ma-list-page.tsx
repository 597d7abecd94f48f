import { type IntervalMa, intervalMaEndpoints, type intervalMaListQuery } from '@borlette/shared/contracts/interval-ma';
import type { SortKey } from '@borlette/shared/contracts/list';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction, suspendedStatusFilter } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { StatusChip } from '../../../components/status-chip';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { INTERVAL_KEY, useBlockInterval, useDeleteInterval, useIntervalLabel } from '../api/interval-ma';
import { IntervalExample } from '../components/interval-example';
import { IntervalMaDialog } from '../components/interval-ma-dialog';

const statusFilter = suspendedStatusFilter('limits');

function Money({ centimes }: { centimes: number | null }) {
  const { t, i18n } = useTranslation('limits');
  const user = useUser();
  if (centimes === null) return <Box sx={{ color: 'text.secondary' }}>{t('intervalMa.andMore')}</Box>;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(centimes, user.company?.currency ?? 'HTG', i18n.language)}
    </Box>
  );
}

function Count({ count }: { count: number }) {
  const { t } = useTranslation('limits');
  return <Box sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{t('intervalMa.countLabel', { count })}</Box>;
}

const columns: DataTableColumn<IntervalMa, SortKey<typeof intervalMaListQuery>>[] = [
  {
    id: 'min_amount',
    header: 'limits:intervalMa.columns.min',
    sortKey: 'min_amount',
    align: 'right',
    render: (i) => <Money centimes={i.min_amount} />,
  },
  {
    id: 'max_amount',
    header: 'limits:intervalMa.columns.max',
    sortKey: 'max_amount',
    align: 'right',
    render: (i) => <Money centimes={i.max_amount} />,
  },
  {
    id: 'count',
    header: 'limits:intervalMa.columns.count',
    sortKey: 'count',
    render: (i) => <Count count={i.count} />,
  },
  {
    id: 'status',
    header: 'limits:columns.status',
    sortKey: 'status',
    render: (i) => <StatusChip status={i.status} female />,
  },
];

/** /dashboard/borlette-configuration/interval-ma: the free mariage intervals of the company. */
export default function IntervalMaListPage() {
  const { t } = useTranslation(['limits', 'nav', 'components']);
  const user = useUser();
  const confirm = useConfirm();
  const currency = user.company?.currency ?? 'HTG';
  const block = useBlockInterval(currency);
  const remove = useDeleteInterval(currency);
  const label = useIntervalLabel(currency);
  const [editing, setEditing] = useState<IntervalMa | null>(null);

  const canAdd = useCan(intervalMaEndpoints.create);
  const canChange = useCan(intervalMaEndpoints.update);
  const canBlock = useCan(intervalMaEndpoints.block);

  const onBlock = async (i: IntervalMa) => {
    const blocked = i.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'intervalMa.confirm.blockTitle' : 'intervalMa.confirm.unblockTitle', { range: label(i) }),
      message: t(blocked ? 'intervalMa.confirm.blockText' : 'intervalMa.confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: i.id, blocked });
  };

  const onDelete = async (i: IntervalMa) => {
    const ok = await confirm({
      title: t('intervalMa.confirm.deleteTitle', { range: label(i) }),
      message: t('intervalMa.confirm.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate(i);
  };

  const rowActions = (i: IntervalMa): RowAction[] => [
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'limits:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => setEditing(i),
          },
        ]
      : []),
    ...(canBlock
      ? [
          i.status === 'blocked'
            ? {
                key: 'unblock',
                label: 'limits:actions.unblock',
                icon: <PlayCircleOutlineIcon fontSize="small" />,
                onClick: () => void onBlock(i),
              }
            : {
                key: 'block',
                label: 'limits:actions.block',
                icon: <PauseCircleOutlineIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onBlock(i),
              },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'delete',
            label: 'limits:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(i),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button
      component={RouterLink}
      to={`${paths.dashboard.limites.intervalMa}/new`}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {t('intervalMa.new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:interval_ma')}
        subtitle={t('intervalMa.subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:interval_ma') }]}
        action={addButton}
      />
      {companyChosen(user) ? (
        <IntervalExample currency={currency} />
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<IntervalMa>
        queryKey={INTERVAL_KEY}
        endpoint={intervalMaEndpoints.list}
        columns={columns}
        rowKey={(i) => i.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(i) => t('rowActions', { target: label(i) })}
        filters={[statusFilter]}
        searchable={false}
        defaultSort="min_amount"
        csv
        csvFilename="mariages-gratuits.csv"
        ariaLabel={t('nav:interval_ma')}
        empty={{ title: t('intervalMa.empty.title'), text: t('intervalMa.empty.text'), action: addButton }}
      />
      <IntervalMaDialog interval={editing} currency={currency} onClose={() => setEditing(null)} />
    </>
  );
}
