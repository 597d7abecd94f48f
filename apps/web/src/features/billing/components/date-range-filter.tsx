import ClearIcon from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/date-input';
import { isDay } from '../lib/period';

// minWidth 0 (here and on the row): a picker is wider than its share of a phone's row otherwise, and « Au » ran
// off the card at 390 px.
const field = { flex: { xs: '1 1 130px', sm: '0 0 160px' }, minWidth: 0 } as const;

/** An optional « du … au … » of the payment history (empty: every date). */
export function DateRangeFilter({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (v: { start: string; end: string }) => void;
}) {
  const { t } = useTranslation('billing');
  const input = (key: 'start' | 'end', label: string) => (
    <DateInput
      size="small"
      label={label}
      value={key === 'start' ? start : end}
      onChange={(v) => {
        if (v && !isDay(v)) return;
        if (key === 'start') onChange({ start: v, end: v && end && end < v ? v : end });
        else onChange({ start: v && start && start > v ? v : start, end: v });
      }}
      sx={field}
    />
  );
  return (
    <Box
      sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flex: { xs: '1 1 100%', sm: '0 0 auto' }, minWidth: 0 }}
    >
      {input('start', t('filters.from'))}
      {input('end', t('filters.to'))}
      {start || end ? (
        <IconButton size="small" aria-label={t('filters.clearDates')} onClick={() => onChange({ start: '', end: '' })}>
          <ClearIcon fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}
