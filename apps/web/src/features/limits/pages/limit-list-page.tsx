import type { SaleLimit } from '@borlette/shared/contracts/limits';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { limitsKey, useBlockLimit, useDeleteLimit, useLimitTarget } from '../api/limits';
import { limitColumns } from '../components/limit-columns';
import { useLimitFilters } from '../components/limit-filters';
import { kindOfPath, type LimitKindDef } from '../kinds';

/** The four limit lists (limite-game, -per-agent, limite-boule, -per-agent): the kind comes from the path. */
export default function LimitListPage() {
  const { pathname } = useLocation();
  const kind = kindOfPath(pathname);
  if (!kind) return <Navigate to={paths.page404} replace />;
  return <LimitList key={kind.kind} k={kind} />;
}

function LimitList({ k }: { k: LimitKindDef }) {
  const { t } = useTranslation(['limits', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const block = useBlockLimit(k);
  const remove = useDeleteLimit(k);
  const target = useLimitTarget();
  const columns = useMemo(() => limitColumns(k), [k]);
  const filters = useLimitFilters();

  // The superuser looking at every company ('all') reads only: writes need one company (useCan says so).
  const canAdd = useCan(k.endpoints.create);
  const canChange = useCan(k.endpoints.update);
  const canBlock = useCan(k.endpoints.block);

  const onBlock = async (l: SaleLimit) => {
    const blocked = l.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { target: target(l) }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: l.id, blocked });
  };

  const onDelete = async (l: SaleLimit) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { target: target(l) }),
      message: t('confirm.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate(l);
  };

  const rowActions = (l: SaleLimit): RowAction[] => [
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'limits:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(`${k.path}/${l.id}/edit`),
          },
        ]
      : []),
    ...(canBlock
      ? [
          l.status === 'blocked'
            ? {
                key: 'unblock',
                label: 'limits:actions.unblock',
                icon: <PlayCircleOutlineIcon fontSize="small" />,
                onClick: () => void onBlock(l),
              }
            : {
                key: 'block',
                label: 'limits:actions.block',
                icon: <PauseCircleOutlineIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onBlock(l),
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
            onClick: () => void onDelete(l),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={`${k.path}/new`} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t(`nav:${k.title}`)}
        subtitle={t(`subtitle.${k.kind}`)}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t(`nav:${k.title}`) }]}
        action={addButton}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<SaleLimit>
        queryKey={limitsKey(k)}
        endpoint={k.endpoints.list}
        columns={columns}
        rowKey={(l) => l.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(l) => t('rowActions', { target: target(l) })}
        filters={filters}
        searchPlaceholder={k.agent ? 'limits:searchAgent' : k.ball ? 'limits:searchNumber' : undefined}
        searchable={k.agent || k.ball}
        defaultSort={k.ball ? 'number' : 'code'}
        csv
        csvFilename={k.csv}
        ariaLabel={t(`nav:${k.title}`)}
        empty={{ title: t('empty.title'), text: t(`empty.${k.kind}`), action: addButton }}
      />
    </>
  );
}
