import type { ContactMessage } from '@borlette/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { fDateTime } from '../../../lib/format';

/** The list's columns (labels are keys of contacts.json). */
export const contactColumns: DataTableColumn<ContactMessage>[] = [
  {
    id: 'created',
    header: 'contacts:columns.received',
    sortKey: 'created_at',
    minWidth: 150,
    render: (m) => fDateTime(m.created_at),
  },
  {
    id: 'name',
    header: 'contacts:columns.from',
    sortKey: 'name',
    minWidth: 180,
    render: (m) => (
      <>
        <Box component="span" sx={{ display: 'block', fontWeight: m.handled ? 400 : 600 }}>
          {m.name}
        </Box>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {m.email}
        </Typography>
      </>
    ),
  },
  {
    id: 'subject',
    header: 'contacts:columns.subject',
    minWidth: 220,
    render: (m) => (
      <Box component="span" sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {m.subject || m.message.slice(0, 80)}
      </Box>
    ),
  },
  {
    id: 'handled',
    header: 'contacts:columns.status',
    sortKey: 'handled',
    render: (m) => <StatusOf handled={m.handled} />,
  },
];

/** « Traité » / « À traiter ». */
export function StatusOf({ handled }: { handled: boolean }) {
  return handled ? (
    <Chip size="small" color="success" variant="outlined" label={<Label k="handled" />} />
  ) : (
    <Chip size="small" color="warning" label={<Label k="open" />} />
  );
}

function Label({ k }: { k: 'handled' | 'open' }) {
  const { t } = useTranslation('contacts');
  return <>{t(`status.${k}`)}</>;
}
