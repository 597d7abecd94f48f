import type { Surcussale } from '@borlette/shared/contracts/surcussales';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';

const dash = (v: string | null) => v || '—';

function Supervisors({ list }: { list: Surcussale['supervisors'] }) {
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

/** The list's columns (labels are keys of surcussales.json). */
export const surcussaleColumns: DataTableColumn<Surcussale>[] = [
  {
    id: 'name',
    header: 'surcussales:columns.name',
    sortKey: 'name',
    minWidth: 160,
    render: (s) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {s.name}
        </Box>
        {s.address ? (
          <Typography
            component="span"
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}
          >
            {s.address}
          </Typography>
        ) : null}
      </>
    ),
  },
  { id: 'city', header: 'surcussales:columns.city', sortKey: 'city', render: (s) => dash(s.city_name) },
  {
    id: 'phone',
    header: 'surcussales:columns.phone',
    render: (s) => <Box sx={{ whiteSpace: 'nowrap' }}>{dash(s.phone)}</Box>,
  },
  {
    id: 'supervisors',
    header: 'surcussales:columns.supervisors',
    minWidth: 160,
    render: (s) => <Supervisors list={s.supervisors} />,
  },
  { id: 'agents', header: 'surcussales:columns.agents', align: 'right', render: (s) => s.agents_count },
  {
    id: 'status',
    header: 'surcussales:columns.status',
    sortKey: 'status',
    render: (s) => <StatusChip status={s.status} female />,
  },
];
