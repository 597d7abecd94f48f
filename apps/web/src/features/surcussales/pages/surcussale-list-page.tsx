import { surcussaleEndpoints as endpoints, type Surcussale } from '@borlette/shared/contracts/surcussales';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { companyCountry, surcussaleKeys, useBlockSurcussale, useCities, useDeleteSurcussale } from '../api/surcussales';
import { surcussaleColumns } from '../components/surcussale-columns';

const statusFilter: DataTableFilter = {
  key: 'status',
  label: 'surcussales:filters.status',
  allLabel: 'components:table.all_female',
  options: [
    { value: 'active', label: 'components:status.active_female' },
    { value: 'blocked', label: 'components:status.blocked_female' },
  ],
};

/** /dashboard/surcussale: the sub-branches of the company. */
export default function SurcussaleListPage() {
  const { t } = useTranslation(['surcussales', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const block = useBlockSurcussale();
  const remove = useDeleteSurcussale();

  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);
  const canBlock = useCan(endpoints.block);

  const cities = useCities(companyCountry(user));
  // The city filter needs the cities endpoint: dropped if it fails (kept, empty, while it loads).
  const filters = useMemo<DataTableFilter[]>(
    () =>
      cities.isError || (cities.isSuccess && !cities.data.length)
        ? [statusFilter]
        : [
            statusFilter,
            {
              key: 'city_id',
              label: 'surcussales:filters.city',
              allLabel: 'components:table.all_female',
              options: (cities.data ?? []).map((c) => ({ value: String(c.id), text: c.name })),
            },
          ],
    [cities.isError, cities.isSuccess, cities.data],
  );

  const onBlock = async (s: Surcussale) => {
    const blocked = s.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: s.name }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: s.id, blocked });
  };

  const onDelete = async (s: Surcussale) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { name: s.name }),
      message: t('confirm.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate({ id: s.id, name: s.name });
  };

  const rowActions = (s: Surcussale): RowAction[] => [
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'surcussales:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(`${paths.dashboard.surcussale.list}/${s.id}/edit`),
          },
        ]
      : []),
    ...(canBlock
      ? [
          s.status === 'blocked'
            ? {
                key: 'unblock',
                label: 'surcussales:actions.unblock',
                icon: <LockOpenOutlinedIcon fontSize="small" />,
                onClick: () => void onBlock(s),
              }
            : {
                key: 'block',
                label: 'surcussales:actions.block',
                icon: <BlockIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onBlock(s),
              },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'delete',
            label: 'surcussales:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(s),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={paths.dashboard.surcussale.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:surcussales')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:surcussales') }]}
        action={addButton}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<Surcussale>
        queryKey={surcussaleKeys.all}
        endpoint={endpoints.list}
        columns={surcussaleColumns}
        rowKey={(s) => s.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(s) => t('rowActions', { name: s.name })}
        filters={filters}
        searchPlaceholder="surcussales:search"
        defaultSort="name"
        csv
        csvFilename="succursales.csv"
        ariaLabel={t('nav:surcussales')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
    </>
  );
}
