import type { SortKey } from '@borlette/shared/contracts/list';
import { type PrimeGeneral, primeEndpoints, type primeGeneralListQuery } from '@borlette/shared/contracts/primes';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { hasPermission } from '../../../lib/authorization';
import { fDateTime, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { GENERAL_LIST_KEY } from '../api/primes';
import { GeneralPrimeDialog } from '../components/general-prime-dialog';
import { Multipliers } from '../components/prime-cells';

function Money({ centimes }: { centimes: number }) {
  const { i18n } = useTranslation();
  return <Box sx={{ whiteSpace: 'nowrap' }}>{formatMoney(centimes, 'HTG', i18n.language)}</Box>;
}

function Cumulative({ value }: { value: boolean }) {
  const { t } = useTranslation('primes');
  return <Box sx={{ whiteSpace: 'nowrap' }}>{t(value ? 'list.each' : 'list.best')}</Box>;
}

function Updated({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return <Box sx={{ whiteSpace: 'nowrap' }}>{fDateTime(at, { language: i18n.language })}</Box>;
}

const columns: DataTableColumn<PrimeGeneral, SortKey<typeof primeGeneralListQuery>>[] = [
  {
    id: 'company',
    header: 'primes:list.company',
    sortKey: 'company_name',
    minWidth: 160,
    render: (p) => p.company_name,
  },
  {
    id: 'bolet',
    header: 'primes:list.bolet',
    sortKey: 'bolet_1',
    render: (p) => <Multipliers values={[p.bolet_1, p.bolet_2, p.bolet_3]} />,
  },
  {
    id: 'mariage',
    header: 'primes:list.mariage',
    sortKey: 'mariage',
    render: (p) => <Multipliers values={[p.mariage]} />,
  },
  { id: 'loto3', header: 'primes:list.loto3', render: (p) => <Multipliers values={[p.loto3]} /> },
  {
    id: 'loto4',
    header: 'primes:list.loto4',
    hideOnPhone: true,
    render: (p) => <Multipliers values={[p.loto4_o1, p.loto4_o2, p.loto4_o3]} />,
  },
  {
    id: 'loto5',
    header: 'primes:list.loto5',
    hideOnPhone: true,
    render: (p) => <Multipliers values={[p.loto5_o1, p.loto5_o2, p.loto5_o3]} />,
  },
  { id: 'free', header: 'primes:list.free', align: 'right', render: (p) => <Money centimes={p.free_mariage_amount} /> },
  {
    id: 'cumulative',
    header: 'primes:list.cumulative',
    hideOnPhone: true,
    render: (p) => <Cumulative value={p.bolet_cumulative} />,
  },
  {
    id: 'updated',
    header: 'primes:list.updated',
    sortKey: 'updated_at',
    hideOnPhone: true,
    render: (p) => <Updated at={p.updated_at} />,
  },
];

/** /dashboard/tirage/configuration/generale/list: the superuser's view of every company's general primes. */
export default function PrimeGeneraleListPage() {
  const { t } = useTranslation(['primes', 'nav']);
  const user = useUser();
  const [editing, setEditing] = useState<PrimeGeneral | null>(null);
  // The list belongs to the platform: a company's users have their own page.
  if (user.role !== 'superuser') return <Navigate to={paths.dashboard.tirage.primeGenerale} replace />;
  // Any company, named in the call (company_id): no selected company needed.
  const canChange = hasPermission(user, primeEndpoints.updateGeneral.access.permission);

  const rowActions = (p: PrimeGeneral): RowAction[] =>
    canChange
      ? [
          {
            key: 'edit',
            label: 'primes:list.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => setEditing(p),
          },
        ]
      : [];

  return (
    <>
      <PageHeader
        title={t('nav:prime_generale_list')}
        subtitle={t('list.subtitle')}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:prime_generale'), to: paths.dashboard.tirage.primeGenerale },
          { label: t('nav:prime_generale_list') },
        ]}
      />
      <DataTable<PrimeGeneral>
        queryKey={GENERAL_LIST_KEY}
        endpoint={primeEndpoints.generalList}
        columns={columns}
        rowKey={(p) => p.company_id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(p) => t('rowActions', { name: p.company_name })}
        searchPlaceholder="primes:list.search"
        defaultSort="company_name"
        csv
        csvFilename="primes-generales.csv"
        ariaLabel={t('nav:prime_generale_list')}
        empty={{ title: t('list.empty') }}
      />
      <GeneralPrimeDialog prime={editing} onClose={() => setEditing(null)} />
    </>
  );
}
