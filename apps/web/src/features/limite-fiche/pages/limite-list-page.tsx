import { type LimiteFiche, limiteFicheEndpoints } from '@borlette/shared/contracts/limite-fiche';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { LIMITE_FICHE_KEY, limiteTarget, useBlockLimite, useDeleteLimite } from '../api/limite-fiche';
import { EditLimiteDialog } from '../components/edit-limite-dialog';
import { limiteColumns } from '../components/limite-columns';

const filters: DataTableFilter[] = [
  {
    key: 'scope',
    label: 'limiteFiche:filters.scope',
    allLabel: 'components:table.all_female',
    options: [
      { value: 'company', label: 'limiteFiche:filters.company' },
      { value: 'agent', label: 'limiteFiche:filters.agent' },
    ],
  },
  {
    key: 'status',
    label: 'limiteFiche:filters.status',
    allLabel: 'components:table.all_female',
    options: [
      { value: 'active', label: 'components:status.active_female' },
      { value: 'blocked', label: 'components:status.blocked_female' },
    ],
  },
];

/** /dashboard/limiteFiche: the maximum amount of one ticket, company-wide and per agent. */
export default function LimiteListPage() {
  const { t } = useTranslation(['limiteFiche', 'nav', 'components']);
  const user = useUser();
  const confirm = useConfirm();
  const block = useBlockLimite();
  const remove = useDeleteLimite();
  const [editing, setEditing] = useState<LimiteFiche | null>(null);

  const canAdd = useCan(limiteFicheEndpoints.create);
  const canChange = useCan(limiteFicheEndpoints.update);
  const canBlock = useCan(limiteFicheEndpoints.block);
  const currency = user.company?.currency ?? 'HTG';
  const nameOf = (l: LimiteFiche) => l.agent_name ?? t('companyWide');

  const onBlock = async (l: LimiteFiche) => {
    const blocked = l.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { target: limiteTarget(t, l) }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: l.id, blocked });
  };

  const onDelete = async (l: LimiteFiche) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { target: limiteTarget(t, l) }),
      message: t(l.agent_id === null ? 'confirm.deleteCompanyText' : 'confirm.deleteAgentText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate(l);
  };

  const rowActions = (l: LimiteFiche): RowAction[] => [
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'limiteFiche:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => setEditing(l),
          },
        ]
      : []),
    ...(canBlock
      ? [
          l.status === 'blocked'
            ? {
                key: 'unblock',
                label: 'limiteFiche:actions.unblock',
                icon: <LockOpenOutlinedIcon fontSize="small" />,
                onClick: () => void onBlock(l),
              }
            : {
                key: 'block',
                label: 'limiteFiche:actions.block',
                icon: <BlockIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onBlock(l),
              },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'delete',
            label: 'limiteFiche:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(l),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button
      component={RouterLink}
      to={`${paths.dashboard.limiteFiche}/new`}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:limite_fiche')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:limite_fiche') }]}
        action={addButton}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<LimiteFiche>
        queryKey={LIMITE_FICHE_KEY}
        endpoint={limiteFicheEndpoints.list}
        columns={limiteColumns}
        rowKey={(l) => l.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(l) => t('rowActions', { name: nameOf(l) })}
        filters={filters}
        searchPlaceholder="limiteFiche:search"
        defaultSort="agent"
        csv
        csvFilename="limites-fiche.csv"
        ariaLabel={t('nav:limite_fiche')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
      <EditLimiteDialog limite={editing} currency={currency} onClose={() => setEditing(null)} />
    </>
  );
}
