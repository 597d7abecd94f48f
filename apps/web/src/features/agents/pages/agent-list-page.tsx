import { type Agent, agentEndpoints as endpoints } from '@borlette/shared/contracts/agents';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { useAgentOptions } from '../../../lib/options';
import { useUser } from '../../../lib/session/use-session';
import { agentKeys, useAgentPassword, useArchiveAgent, useBlockAgent } from '../api/agents';
import { agentColumns } from '../components/agent-columns';

const statusFilter: DataTableFilter = {
  key: 'status',
  label: 'agents:filters.status',
  allLabel: 'agents:filters.notArchived',
  options: [
    { value: 'active', label: 'components:status.active' },
    { value: 'blocked', label: 'components:status.blocked' },
    { value: 'archived', label: 'components:status.archived' },
  ],
};

const nameOf = (a: Pick<Agent, 'first_name' | 'last_name' | 'username'>) =>
  `${a.first_name} ${a.last_name}`.trim() || a.username;

/** /dashboard/agent: the agents (vendeurs) of the company — a supervisor sees those it watches. */
export default function AgentListPage() {
  const { t } = useTranslation(['agents', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const block = useBlockAgent();
  const archive = useArchiveAgent();
  const password = useAgentPassword();
  const unlockAction = useUnlockSignIn(endpoints.unlock);
  const [passwordFor, setPasswordFor] = useState<Agent | null>(null);

  // The superuser looking at every company ('all') reads only: writes need one company.
  const oneCompany = companyChosen(user);
  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);
  const canBlock = useCan(endpoints.block);
  const canPassword = useCan(endpoints.password);

  const options = useAgentOptions(oneCompany);
  const filters = useMemo<DataTableFilter[]>(() => {
    const list = [statusFilter];
    const o = options.data;
    if (o?.surcussales.length) {
      list.push({
        key: 'surcussale_id',
        label: 'agents:filters.surcussale',
        allLabel: 'components:table.all_female',
        options: o.surcussales.map((s) => ({ value: String(s.id), text: s.name })),
      });
    }
    if (o?.supervisors.length) {
      list.push({
        key: 'supervisor_id',
        label: 'agents:filters.supervisor',
        options: o.supervisors.map((s) => ({ value: String(s.id), text: s.name })),
      });
    }
    return list;
  }, [options.data]);

  const onBlock = async (a: Agent) => {
    const blocked = a.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: nameOf(a) }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: a.id, blocked });
  };

  const onArchive = async (a: Agent) => {
    const ok = await confirm({
      title: t('confirm.archiveTitle', { name: nameOf(a) }),
      message: t('confirm.archiveText'),
      confirmText: t('actions.archive'),
      danger: true,
    });
    if (ok) archive.mutate(a);
  };

  const rowActions = (a: Agent): RowAction[] => {
    const actions: RowAction[] = [];
    if (canChange) {
      actions.push({
        key: 'edit',
        label: a.status === 'archived' ? 'agents:actions.restore' : 'agents:actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        onClick: () => navigate(`${paths.dashboard.agent.list}/${a.id}/edit`),
      });
    }
    if (canPassword && a.status !== 'archived') {
      actions.push({
        key: 'password',
        label: 'agents:actions.password',
        icon: <KeyOutlinedIcon fontSize="small" />,
        onClick: () => setPasswordFor(a),
      });
      actions.push(unlockAction(a.id, nameOf(a)));
    }
    if (canBlock && a.status !== 'archived') {
      actions.push(
        a.status === 'blocked'
          ? {
              key: 'unblock',
              label: 'agents:actions.unblock',
              icon: <LockOpenOutlinedIcon fontSize="small" />,
              onClick: () => void onBlock(a),
            }
          : {
              key: 'block',
              label: 'agents:actions.block',
              icon: <BlockIcon fontSize="small" />,
              color: 'warning',
              onClick: () => void onBlock(a),
            },
      );
    }
    if (canChange && a.status !== 'archived') {
      actions.push({
        key: 'archive',
        label: 'agents:actions.archive',
        icon: <ArchiveOutlinedIcon fontSize="small" />,
        color: 'error',
        onClick: () => void onArchive(a),
      });
    }
    return actions;
  };

  const addButtons = canAdd ? (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <Button
        component={RouterLink}
        to={paths.dashboard.user.generateAgent}
        variant="outlined"
        color="inherit"
        startIcon={<GroupAddOutlinedIcon />}
      >
        {t('generate')}
      </Button>
      <Button component={RouterLink} to={paths.dashboard.agent.new} variant="contained" startIcon={<AddIcon />}>
        {t('new')}
      </Button>
    </Box>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:agents')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:agents') }]}
        action={addButtons}
      />
      {oneCompany ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<Agent>
        queryKey={agentKeys.all}
        endpoint={endpoints.list}
        columns={agentColumns}
        rowKey={(a) => a.id}
        rowActions={canChange || canBlock || canPassword ? rowActions : undefined}
        rowLabel={(a) => t('rowActions', { name: nameOf(a) })}
        filters={filters}
        searchPlaceholder="agents:search"
        defaultSort="name"
        csv
        csvFilename="vendeurs.csv"
        ariaLabel={t('nav:agents')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButtons }}
      />
      <PasswordDialog
        open={passwordFor !== null}
        ns="agents"
        title={t('password.title', { name: passwordFor ? nameOf(passwordFor) : '' })}
        text={t('password.text')}
        onClose={() => setPasswordFor(null)}
        onSubmit={(pw) =>
          passwordFor
            ? password.mutateAsync({ id: passwordFor.id, password: pw, name: nameOf(passwordFor) })
            : Promise.resolve()
        }
      />
    </>
  );
}
