import type { Generale, generaleListQuery } from '@borlette/shared/contracts/generales';
import type { SortKey } from '@borlette/shared/contracts/list';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { BusinessDay } from '../../../components/business-day';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { fDate, fDateTime } from '../../../lib/format';
import { permissionLabel } from '../../../lib/permission-labels';

const dash = (v: string | null | undefined) => v || '—';

function Permissions({ list }: { list: string[] }) {
  if (!list.length) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={list.length}
      title={list.map(permissionLabel).join('\n')}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The list's columns (labels are keys of generales.json). */
export const generaleColumns: DataTableColumn<Generale, SortKey<typeof generaleListQuery>>[] = [
  {
    id: 'name',
    header: 'generales:columns.name',
    sortKey: 'name',
    minWidth: 180,
    render: (g) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {`${g.first_name} ${g.last_name}`.trim() || '—'}
        </Box>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {g.username}
        </Typography>
      </>
    ),
  },
  {
    id: 'contact',
    header: 'generales:columns.contact',
    hideOnPhone: true,
    render: (g) => (
      <>
        <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {dash(g.phone)}
        </Box>
        {g.email ? (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {g.email}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    id: 'permissions',
    header: 'generales:columns.permissions',
    align: 'center',
    render: (g) => <Permissions list={g.permissions} />,
  },
  {
    id: 'status',
    header: 'generales:columns.status',
    sortKey: 'status',
    render: (g) => <StatusChip status={g.status} />,
  },
  {
    id: 'lastLogin',
    header: 'generales:columns.lastLogin',
    sortKey: 'last_login_at',
    hideOnPhone: true,
    render: (g) => <Box sx={{ whiteSpace: 'nowrap' }}>{g.last_login_at ? fDateTime(g.last_login_at) : '—'}</Box>,
  },
  {
    id: 'created',
    header: 'generales:columns.created',
    sortKey: 'created_at',
    hideOnPhone: true,
    render: (g) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        <BusinessDay day={fDate(g.created_at)} />
      </Box>
    ),
  },
];
