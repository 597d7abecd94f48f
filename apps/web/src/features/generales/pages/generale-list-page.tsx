import { generaleEndpoints as endpoints, type Generale } from '@borlette/shared/contracts/generales';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PasswordDialog } from '../../../components/password-dialog';
import { useUnlockSignIn } from '../../../components/unlock-sign-in';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { fullName, generaleKeys, useArchiveGenerale, useBlockGenerale, useGeneralePassword } from '../api/generales';
import { generaleColumns } from '../components/generale-columns';

const statusFilter: DataTableFilter = {
  key: 'status',
  label: 'generales:filters.status',
  allLabel: 'generales:filters.notArchived',
  options: [
    { value: 'active', label: 'components:status.active' },
    { value: 'blocked', label: 'components:status.blocked' },
    { value: 'archived', label: 'components:status.archived' },
  ],
};

/** /dashboard/generale: the platform staff accounts and what each may do. */
export default function GeneraleListPage() {
  const { t } = useTranslation(['generales', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const block = useBlockGenerale();
  const archive = useArchiveGenerale();
  const password = useGeneralePassword();
  const unlockAction = useUnlockSignIn(endpoints.unlock);
  const [passwordFor, setPasswordFor] = useState<Generale | null>(null);

  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);
  const mine = new Set(user.perms.map((p) => p.codename));
  const list = paths.dashboard.generale.list;

  const onBlock = async (g: Generale) => {
    const blocked = g.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: fullName(g) }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: g.id, blocked });
  };

  const onArchive = async (g: Generale) => {
    const ok = await confirm({
      title: t('confirm.archiveTitle', { name: fullName(g) }),
      message: t('confirm.archiveText'),
      confirmText: t('actions.archive'),
      danger: true,
    });
    if (ok) archive.mutate({ id: g.id, name: fullName(g) });
  };

  const rowActions = (g: Generale): RowAction[] => {
    // Nobody acts on an archived account, on one holding more than themselves, or blocks/archives themselves.
    if (!canChange || g.status === 'archived' || g.permissions.some((c) => !mine.has(c))) return [];
    const self = g.id === user.id;
    return [
      {
        key: 'edit',
        label: 'generales:actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        onClick: () => navigate(`${list}/${g.id}/edit`),
      },
      {
        key: 'password',
        label: 'generales:actions.password',
        icon: <KeyOutlinedIcon fontSize="small" />,
        onClick: () => setPasswordFor(g),
      },
      unlockAction(g.id, fullName(g)),
      ...(self
        ? []
        : [
            g.status === 'blocked'
              ? {
                  key: 'unblock',
                  label: 'generales:actions.unblock',
                  icon: <LockOpenOutlinedIcon fontSize="small" />,
                  onClick: () => void onBlock(g),
                }
              : {
                  key: 'block',
                  label: 'generales:actions.block',
                  icon: <BlockIcon fontSize="small" />,
                  color: 'warning' as const,
                  onClick: () => void onBlock(g),
                },
            {
              key: 'archive',
              label: 'generales:actions.archive',
              icon: <ArchiveOutlinedIcon fontSize="small" />,
              color: 'error' as const,
              onClick: () => void onArchive(g),
            },
          ]),
    ];
  };

  const addButton = canAdd ? (
    <Button component={RouterLink} to={paths.dashboard.generale.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:generales')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:generales') }]}
        action={addButton}
      />
      <DataTable<Generale>
        queryKey={generaleKeys.all}
        endpoint={endpoints.list}
        columns={generaleColumns}
        rowKey={(g) => g.id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(g) => t('rowActions', { name: fullName(g) })}
        filters={[statusFilter]}
        searchPlaceholder="generales:search"
        defaultSort="name"
        csv
        csvFilename="generales.csv"
        ariaLabel={t('nav:generales')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
      <PasswordDialog
        open={!!passwordFor}
        ns="generales"
        title={t('password.title', { name: passwordFor ? fullName(passwordFor) : '' })}
        text={t('password.text')}
        onClose={() => setPasswordFor(null)}
        onSubmit={(pw) =>
          passwordFor
            ? password.mutateAsync({ id: passwordFor.id, password: pw, name: fullName(passwordFor) })
            : Promise.resolve()
        }
      />
    </>
  );
}
