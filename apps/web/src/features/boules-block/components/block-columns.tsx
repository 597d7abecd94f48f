import type { BouleBlock } from '@borlette/shared/contracts/boules-block';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import type { BlockSortKey } from '../api/boules-block';
import { BlockKindChip, BlockStateChip } from './block-chips';

function Tirage({ name }: { name: string | null }) {
  const { t } = useTranslation('boulesBlock');
  if (name) return <Box sx={{ whiteSpace: 'nowrap' }}>{name}</Box>;
  return <Chip size="small" variant="outlined" label={t('allTirages')} />;
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

export const blockColumns: DataTableColumn<BouleBlock, BlockSortKey>[] = [
  {
    id: 'number',
    header: 'boulesBlock:columns.number',
    sortKey: 'number',
    render: (b) => (
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1rem', fontWeight: 700, letterSpacing: 1 }}>
        {b.number}
      </Box>
    ),
  },
  { id: 'kind', header: 'boulesBlock:columns.kind', render: (b) => <BlockKindChip kind={b.kind} /> },
  {
    id: 'tirage',
    header: 'boulesBlock:columns.tirage',
    sortKey: 'tirage',
    render: (b) => <Tirage name={b.tirage_name} />,
  },
  {
    id: 'note',
    header: 'boulesBlock:columns.note',
    hideOnPhone: true,
    minWidth: 160,
    render: (b) => (b.note ? <Box sx={{ color: 'text.secondary' }}>{b.note}</Box> : '—'),
  },
  {
    id: 'state',
    header: 'boulesBlock:columns.state',
    sortKey: 'blocked',
    render: (b) => <BlockStateChip blocked={b.blocked} />,
  },
  {
    id: 'created',
    header: 'boulesBlock:columns.created',
    sortKey: 'created_at',
    hideOnPhone: true,
    render: (b) => <When at={b.created_at} />,
  },
];
