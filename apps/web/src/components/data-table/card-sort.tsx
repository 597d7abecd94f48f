import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from './table-state';

interface CardSortProps {
  /** The sortable columns, labels translated. */
  choices: { sortKey: string; label: string }[];
  sort: string | null;
  order: SortOrder;
  onChange: (patch: { sort?: string | null; order?: SortOrder }) => void;
}

/** Cards have no column heads to click: a « Trier par » select and a direction button instead. */
export function CardSort({ choices, sort, order, onChange }: CardSortProps) {
  const { t } = useTranslation('components');
  if (!choices.length) return null;
  const asc = order === 'asc';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pb: 1.5 }}>
      <TextField
        select
        size="small"
        label={t('table.sortBy')}
        value={sort ?? ''}
        onChange={(e) => onChange({ sort: e.target.value || null })}
        sx={{ flex: 1 }}
      >
        <MenuItem value="">{t('table.defaultOrder')}</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c.sortKey} value={c.sortKey}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        disabled={!sort}
        aria-label={asc ? t('table.sortAscending') : t('table.sortDescending')}
        title={asc ? t('table.sortAscending') : t('table.sortDescending')}
        onClick={() => onChange({ order: asc ? 'desc' : 'asc' })}
      >
        {asc ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
      </IconButton>
    </Box>
  );
}
