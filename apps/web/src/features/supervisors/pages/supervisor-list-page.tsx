import { supervisorEndpoints as endpoints, type Supervisor } from '@borlette/shared/contracts/supervisors';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PasswordDialog } from '../../../components/password-dialog';
import { useUnlockSignIn } from '../../../components/unlock-sign-in';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import {
  supervisorKeys,
  supervisorName,
  useArchiveSupervisor,
  useBlockSupervisor,
  useSupervisorFormOptions,
  useSupervisorPassword,
} from '../api/supervisors';
import { supervisorColumns } from '../components/supervisor-columns';

const statusFilter: DataTableFilter = {
  key: 'status',
  label: 'supervisors:filters.status',
  allLabel: 'supervisors:filters.notArchived',
  options: [
    { value: 'active', label: 'components:status.active' },
    { value: 'blocked', label: 'components:status.blocked' },
    { value: 'archived', label: 'components:status.archived' },
  ],
};

/** /dashboard/supervisor: the supervisors of the company (a supervisor sees only itself). */
export default function SupervisorListPage() {
  const { t } = useTranslation(['supervisors', 'nav', 'components', 'agents']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const block = useBlockSupervisor();
  const archive = useArchiveSupervisor();
  const password = useSupervisorPassword();
  const unlockAction = useUnlockSignIn(endpoints.unlock);
  const [passwordFor, setPasswordFor] = useState<Supervisor | null>(null);

  const oneCompany = companyChosen(user);
  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);
  const canBlock = useCan(endpoints.block);
  const canPassword = useCan(endpoints.password);

  const options = useSupervisorFormOptions(oneCompany && user.role !== 'supervisor');
  const filters = useMemo<DataTableFilter[]>(
    () =>
      options.data?.surcussales.length
        ? [
            statusFilter,
            {
              key: 'surcussale_id',
              label: 'supervisors:filters.surcussale',
              allLabel: 'components:table.all_female',
              options: options.data.surcussales.map((s) => ({ value: String(s.id), text: s.name })),
            },
          ]
        : [statusFilter],
    [options.data],
  );

  const onBlock = async (s: Supervisor) => {
    const blocked = s.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: supervisorName(s) }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: s.id, blocked });
  };

  const onArchive = async (s: Supervisor) => {
    const ok = await confirm({
      title: t('confirm.archiveTitle', { name: supervisorName(s) }),
      message: t('confirm.archiveText'),
      confirmText: t('actions.archive'),
      danger: true,
    });
    if (ok) archive.mutate(s);
  };

  const rowActions = (s: Supervisor): RowAction[] => {
    const self = s.id === user.id;
    const actions: RowAction[] = [];
    if (canChange) {
      actions.push({
        key: 'edit',
        label: s.status === 'archived' ? 'supervisors:actions.restore' : 'supervisors:actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        onClick: () => navigate(`${paths.dashboard.supervisor.list}/${s.id}/edit`),
      });
    }
    if (canPassword && s.status !== 'archived') {
      actions.push({
        key: 'password',
        label: 'supervisors:actions.password',
        icon: <KeyOutlinedIcon fontSize="small" />,
        onClick: () => setPasswordFor(s),
      });
      actions.push(unlockAction(s.id, supervisorName(s)));
    }
    if (canBlock && s.status !== 'archived' && !self) {
      actions.push(
        s.status === 'blocked'
          ? {
              key: 'unblock',
              label: 'supervisors:actions.unblock',
              icon: <LockOpenOutlinedIcon fontSize="small" />,
              onClick: () => void onBlock(s),
            }
          : {
              key: 'block',
              label: 'supervisors:actions.block',
              icon: <BlockIcon fontSize="small" />,
              color: 'warning',
              onClick: () => void onBlock(s),
            },
      );
    }
    if (canChange && s.status !== 'archived' && !self) {
      actions.push({
        key: 'archive',
        label: 'supervisors:actions.archive',
        icon: <ArchiveOutlinedIcon fontSize="small" />,
        color: 'error',
        onClick: () => void onArchive(s),
      });
    }
    return actions;
  };

  const addButton = canAdd ? (
    <Button component={RouterLink} to={paths.dashboard.supervisor.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:supervisors')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:supervisors') }]}
        action={addButton}
      />
      {oneCompany ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      {user.role === 'supervisor' ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('selfOnly')}
        </Alert>
      ) : null}
      <DataTable<Supervisor>
        queryKey={supervisorKeys.all}
        endpoint={endpoints.list}
        columns={supervisorColumns}
        rowKey={(s) => s.id}
        rowActions={canChange || canBlock || canPassword ? rowActions : undefined}
        rowLabel={(s) => t('rowActions', { name: supervisorName(s) })}
        filters={filters}
        searchPlaceholder="supervisors:search"
        defaultSort="name"
        csv
        csvFilename="superviseurs.csv"
        ariaLabel={t('nav:supervisors')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
      <PasswordDialog
        open={passwordFor !== null}
        ns="agents"
        title={t('agents:password.title', { name: passwordFor ? supervisorName(passwordFor) : '' })}
        text={t('agents:password.text')}
        onClose={() => setPasswordFor(null)}
        onSubmit={(pw) =>
          passwordFor
            ? password.mutateAsync({ id: passwordFor.id, password: pw, name: supervisorName(passwordFor) })
            : Promise.resolve()
        }
      />
    </>
  );
}
