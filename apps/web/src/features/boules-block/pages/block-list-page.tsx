import { type BouleBlock, bouleBlockEndpoints } from '@borlette/shared/contracts/boules-block';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useTirageChoices } from '../../../lib/choices';
import { useUser } from '../../../lib/session/use-session';
import { BLOCKS_KEY, useDeleteBlock, useSetBlocked } from '../api/boules-block';
import { blockColumns } from '../components/block-columns';
import { EditBlockDialog } from '../components/edit-block-dialog';

const stateFilter: DataTableFilter = {
  key: 'blocked',
  label: 'boulesBlock:filters.state',
  options: [
    { value: 'true', label: 'boulesBlock:state.blocked' },
    { value: 'false', label: 'boulesBlock:state.lifted' },
  ],
};

/** /dashboard/borlette/blocage-boule: numbers that do not sell (for one draw or all). */
export default function BlockListPage() {
  const { t } = useTranslation(['boulesBlock', 'nav', 'components']);
  const user = useUser();
  const confirm = useConfirm();
  const setBlocked = useSetBlocked();
  const remove = useDeleteBlock();
  const tirages = useTirageChoices();
  const [editing, setEditing] = useState<BouleBlock | null>(null);

  const canAdd = useCan(bouleBlockEndpoints.create);
  const canChange = useCan(bouleBlockEndpoints.update);
  const canBlock = useCan(bouleBlockEndpoints.block);

  // The draw filter needs the draws: dropped if they cannot be read.
  const filters = useMemo<DataTableFilter[]>(
    () =>
      tirages.isError
        ? [stateFilter]
        : [
            {
              key: 'tirage_id',
              label: 'boulesBlock:filters.tirage',
              options: (tirages.data ?? []).map((c) => ({ value: String(c.id), text: c.name })),
            },
            stateFilter,
          ],
    [tirages.isError, tirages.data],
  );

  const onToggle = async (b: BouleBlock) => {
    const blocked = !b.blocked;
    const ok = await confirm({
      title: t(blocked ? 'confirm.reapplyTitle' : 'confirm.liftTitle', { number: b.number }),
      message: t(blocked ? 'confirm.reapplyText' : 'confirm.liftText'),
      confirmText: t(blocked ? 'actions.reapply' : 'actions.lift'),
      danger: blocked,
    });
    if (ok) setBlocked.mutate({ id: b.id, blocked });
  };

  const onDelete = async (b: BouleBlock) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { number: b.number }),
      message: t(b.blocked ? 'confirm.deleteText' : 'confirm.deleteLiftedText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate(b);
  };

  const rowActions = (b: BouleBlock): RowAction[] => [
    ...(canBlock
      ? [
          b.blocked
            ? {
                key: 'lift',
                label: 'boulesBlock:actions.lift',
                icon: <LockOpenOutlinedIcon fontSize="small" />,
                onClick: () => void onToggle(b),
              }
            : {
                key: 'reapply',
                label: 'boulesBlock:actions.reapply',
                icon: <BlockIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onToggle(b),
              },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'boulesBlock:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => setEditing(b),
          },
          {
            key: 'delete',
            label: 'boulesBlock:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(b),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button
      component={RouterLink}
      to={`${paths.dashboard.borlette.blocageBoule}/new`}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:blocage_boule')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:blocage_boule') }]}
        action={addButton}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<BouleBlock>
        queryKey={BLOCKS_KEY}
        endpoint={bouleBlockEndpoints.list}
        columns={blockColumns}
        rowKey={(b) => b.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(b) => t('rowActions', { number: b.number })}
        filters={filters}
        searchPlaceholder="boulesBlock:search"
        defaultSort="created_at"
        defaultOrder="desc"
        csv
        csvFilename="boules-bloquees.csv"
        ariaLabel={t('nav:blocage_boule')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
      <EditBlockDialog block={editing} onClose={() => setEditing(null)} />
    </>
  );
}
