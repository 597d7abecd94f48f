import type { SortKey } from '@borlette/shared/contracts/list';
import type { Supervisor, supervisorListQuery } from '@borlette/shared/contracts/supervisors';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { supervisorName } from '../api/supervisors';

function Surcussales({ list }: { list: Supervisor['surcussales'] }) {
  if (!list.length) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  const shown = list.slice(0, 2);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((s) => (
        <Chip key={s.id} size="small" variant="outlined" label={s.name} />
      ))}
      {list.length > shown.length ? (
        <Chip size="small" label={`+${list.length - shown.length}`} title={list.map((s) => s.name).join(', ')} />
      ) : null}
    </Box>
  );
}

function Permissions({ count }: { count: number }) {
  const { t } = useTranslation('supervisors');
  return <Box sx={{ whiteSpace: 'nowrap' }}>{t('columns.permissionsCount', { count })}</Box>;
}

const initials = (s: Supervisor) =>
  `${s.first_name.charAt(0)}${s.last_name.charAt(0)}`.toUpperCase() || s.username.charAt(0).toUpperCase();

/** The list's columns (labels are keys of supervisors.json). */
export const supervisorColumns: DataTableColumn<Supervisor, SortKey<typeof supervisorListQuery>>[] = [
  {
    id: 'name',
    header: 'supervisors:columns.name',
    sortKey: 'name',
    minWidth: 200,
    render: (s) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={s.photo ?? undefined} alt="" sx={{ width: 36, height: 36, fontSize: 14 }}>
          {initials(s)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block' }}>
            {supervisorName(s)}
          </Box>
          <Typography
            component="span"
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}
          >
            {s.username}
          </Typography>
        </Box>
      </Box>
    ),
  },
  {
    id: 'contact',
    header: 'supervisors:columns.contact',
    hideOnPhone: true,
    render: (s) => (
      <>
        <Box sx={{ whiteSpace: 'nowrap' }}>{s.phone || '—'}</Box>
        {s.email ? (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {s.email}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    id: 'surcussales',
    header: 'supervisors:columns.surcussales',
    minWidth: 160,
    render: (s) => <Surcussales list={s.surcussales} />,
  },
  { id: 'agents', header: 'supervisors:columns.agents', align: 'right', render: (s) => s.agents_count },
  {
    id: 'permissions',
    header: 'supervisors:columns.permissions',
    hideOnPhone: true,
    render: (s) => <Permissions count={s.permissions.length} />,
  },
  {
    id: 'status',
    header: 'supervisors:columns.status',
    sortKey: 'status',
    render: (s) => <StatusChip status={s.status} />,
  },
];
