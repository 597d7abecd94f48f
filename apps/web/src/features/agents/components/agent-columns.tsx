import type { Agent, agentListQuery } from '@borlette/shared/contracts/agents';
import type { SortKey } from '@borlette/shared/contracts/list';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { formatPercent } from '../../../lib/agent-form-schema';

const dash = (v: string | null) => v || '—';

function Rate({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation('agents');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {formatPercent(agent.effective_commission_bp, i18n.language)}
      {agent.commission_bp === null ? (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {t('columns.defaultRate')}
        </Typography>
      ) : null}
    </Box>
  );
}

function CanCancel({ value }: { value: boolean }) {
  const { t } = useTranslation('agents');
  return value ? (
    <CheckIcon fontSize="small" color="success" titleAccess={t('columns.yes')} />
  ) : (
    <RemoveIcon fontSize="small" sx={{ color: 'text.disabled' }} titleAccess={t('columns.no')} />
  );
}

/** The list's columns (labels are keys of agents.json). */
export const agentColumns: DataTableColumn<Agent, SortKey<typeof agentListQuery>>[] = [
  {
    id: 'name',
    header: 'agents:columns.name',
    sortKey: 'name',
    minWidth: 170,
    render: (a) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {`${a.first_name} ${a.last_name}`.trim() || '—'}
        </Box>
        <Typography
          component="span"
          variant="caption"
          sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}
        >
          {a.username}
        </Typography>
      </>
    ),
  },
  {
    id: 'phone',
    header: 'agents:columns.phone',
    hideOnPhone: true,
    render: (a) => <Box sx={{ whiteSpace: 'nowrap' }}>{dash(a.phone)}</Box>,
  },
  {
    id: 'surcussale',
    header: 'agents:columns.surcussale',
    sortKey: 'surcussale',
    render: (a) => dash(a.surcussale_name),
  },
  {
    id: 'supervisor',
    header: 'agents:columns.supervisor',
    sortKey: 'supervisor',
    hideOnPhone: true,
    render: (a) => dash(a.supervisor_name),
  },
  {
    id: 'commission',
    header: 'agents:columns.commission',
    sortKey: 'commission',
    align: 'right',
    render: (a) => <Rate agent={a} />,
  },
  {
    id: 'can_cancel',
    header: 'agents:columns.can_cancel',
    align: 'center',
    hideOnPhone: true,
    render: (a) => <CanCancel value={a.can_cancel} />,
  },
  {
    id: 'status',
    header: 'agents:columns.status',
    sortKey: 'status',
    render: (a) => <StatusChip status={a.status} />,
  },
];
