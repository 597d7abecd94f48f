import { type Terminal, terminalsEndpoints } from '@borlette/shared/contracts/terminals';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { AgentFilter } from '../../../components/filters';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { TERMINALS_KEY, useApproveTerminal, useRevokeTerminal } from '../api/terminals';
import { RenameTerminalDialog } from '../components/rename-terminal-dialog';
import { terminalColumns } from '../components/terminal-columns';

const filters: DataTableFilter[] = [
  {
    key: 'state',
    label: 'terminals:filters.state',
    options: [
      { value: 'pending', label: 'terminals:states.pending' },
      { value: 'approved', label: 'terminals:states.approved' },
      { value: 'revoked', label: 'terminals:states.revoked' },
    ],
  },
];

/** /dashboard/terminals: the devices agents sell from; approve, revoke (with confirmation), rename. */
export default function TerminalsPage() {
  const { t } = useTranslation(['terminals', 'nav']);
  const user = useUser();
  const confirm = useConfirm();
  const approve = useApproveTerminal();
  const revoke = useRevokeTerminal();
  const [renaming, setRenaming] = useState<Terminal | null>(null);
  const [agent, setAgent] = useState({ agent: '', agentLabel: '' });
  const canChange = useCan(terminalsEndpoints.approve);

  const onApprove = async (x: Terminal) => {
    const ok = await confirm({
      title: t('confirm.approveTitle', { name: x.name }),
      message: t('confirm.approveText', { agent: x.agent_name }),
      confirmText: t('actions.approve'),
    });
    if (ok) approve.mutate(x);
  };
  const onRevoke = async (x: Terminal) => {
    const ok = await confirm({
      title: t('confirm.revokeTitle', { name: x.name }),
      message: t('confirm.revokeText', { agent: x.agent_name }),
      confirmText: t('actions.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate(x);
  };

  const rowActions = (x: Terminal): RowAction[] => [
    ...(x.state !== 'approved'
      ? [
          {
            key: 'approve',
            label: 'terminals:actions.approve',
            icon: <CheckCircleOutlineIcon fontSize="small" />,
            onClick: () => void onApprove(x),
          },
        ]
      : []),
    {
      key: 'rename',
      label: 'terminals:actions.rename',
      icon: <EditOutlinedIcon fontSize="small" />,
      onClick: () => setRenaming(x),
    },
    ...(x.state !== 'revoked'
      ? [
          {
            key: 'revoke',
            label: 'terminals:actions.revoke',
            icon: <BlockIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onRevoke(x),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('nav:terminals')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:terminals') }]}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<Terminal>
        queryKey={TERMINALS_KEY}
        endpoint={terminalsEndpoints.list}
        columns={terminalColumns}
        rowKey={(x) => x.id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(x) => t('rowActions', { name: x.name })}
        filters={filters}
        toolbar={<AgentFilter ns="terminals" filters={{ ...agent, surcussale: '' }} onChange={setAgent} />}
        params={{ agent_id: agent.agent || undefined }}
        searchPlaceholder="terminals:search"
        defaultSort="last_seen_at"
        defaultOrder="desc"
        csv
        csvFilename="terminaux.csv"
        ariaLabel={t('nav:terminals')}
        empty={{ title: t('empty.title'), text: t('empty.text') }}
      />
      <RenameTerminalDialog terminal={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
