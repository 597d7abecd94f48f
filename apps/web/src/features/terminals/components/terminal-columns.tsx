import type { Terminal } from '@borlette/shared/contracts/terminals';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import type { TerminalSortKey } from '../api/terminals';

const STATE_COLOR = { pending: 'warning', approved: 'success', revoked: 'error' } as const;

export function StateChip({ state }: { state: Terminal['state'] }) {
  const { t } = useTranslation('terminals');
  return <Chip size="small" color={STATE_COLOR[state]} variant="outlined" label={t(`states.${state}`)} />;
}

function Online({ online }: { online: boolean }) {
  const { t } = useTranslation('terminals');
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: online ? 'success.main' : 'grey.400' }}
      />
      {online ? t('online.yes') : t('online.no')}
    </Box>
  );
}

function When({ at }: { at: string }) {
  const { i18n } = useTranslation();
  const user = useUser();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {fDateTime(at, { timeZone: user.company?.timezone, language: i18n.language })}
    </Box>
  );
}

function Agent({ x }: { x: Terminal }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {x.agent_name}
      </Box>
      <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {x.agent_username}
        {x.surcussale_name ? ` · ${x.surcussale_name}` : ''}
      </Typography>
    </>
  );
}

export const terminalColumns: DataTableColumn<Terminal, TerminalSortKey>[] = [
  { id: 'agent', header: 'terminals:columns.agent', sortKey: 'agent', minWidth: 180, render: (x) => <Agent x={x} /> },
  {
    id: 'name',
    header: 'terminals:columns.name',
    sortKey: 'name',
    render: (x) => (
      <Box component="span" title={x.user_agent ?? undefined}>
        {x.name}
      </Box>
    ),
  },
  {
    id: 'first_seen_at',
    header: 'terminals:columns.first_seen',
    sortKey: 'first_seen_at',
    hideOnPhone: true,
    render: (x) => <When at={x.first_seen_at} />,
  },
  {
    id: 'last_seen_at',
    header: 'terminals:columns.last_seen',
    sortKey: 'last_seen_at',
    render: (x) => <When at={x.last_seen_at} />,
  },
  { id: 'last_ip', header: 'terminals:columns.address', hideOnPhone: true, render: (x) => x.last_ip ?? '—' },
  { id: 'version', header: 'terminals:columns.version', hideOnPhone: true, render: (x) => x.pos_version ?? '—' },
  { id: 'state', header: 'terminals:columns.state', sortKey: 'state', render: (x) => <StateChip state={x.state} /> },
  { id: 'online', header: 'terminals:columns.online', render: (x) => <Online online={x.online} /> },
];
