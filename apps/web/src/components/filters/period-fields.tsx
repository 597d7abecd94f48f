import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isDay, matchingPreset, presetRange, RANGE_PRESETS, type RangePreset } from '../../lib/day-range';
import { DateInput } from '../date-input';
import { filterField, shrink } from './filter-styles';

type Range = { start: string; end: string };
type RangeProblem = 'order' | 'tooLong' | null;

/**
 * The period of a filter row: a select of shortcuts (today, yesterday, 7 days, month; « custom » when
 * the dates match none) and the two dates. Labels: the `filters.*` keys of `ns`, the page's namespace.
 */
export function PeriodRange({
  ns,
  range,
  problem,
  today,
  onChange,
}: {
  ns: string;
  range: Range;
  problem: RangeProblem;
  today: string;
  onChange: (range: Range) => void;
}) {
  const { t } = useTranslation(ns);
  const preset = matchingPreset(range, today);

  const dateField = (key: 'start' | 'end', label: string) => (
    <DateInput
      size="small"
      label={label}
      value={range[key]}
      onChange={(v) => {
        if (!v) return onChange({ start: '', end: '' });
        if (!isDay(v)) return;
        // Moving one bound past the other drags it along (keeps a valid period while typing).
        if (key === 'start') onChange({ start: v, end: [range.end, v].sort()[1] });
        else onChange({ end: v, start: [range.start, v].sort()[0] });
      }}
      error={!!problem}
      sx={filterField}
    />
  );

  return (
    <>
      <TextField
        select
        size="small"
        label={t('filters.period')}
        value={preset ?? 'custom'}
        onChange={(e) => {
          if (e.target.value !== 'custom') onChange(presetRange(e.target.value as RangePreset, today));
        }}
        sx={filterField}
        slotProps={shrink}
      >
        {RANGE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`filters.presets.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom" disabled>
          {t('filters.presets.custom')}
        </MenuItem>
      </TextField>
      {dateField('start', t('filters.start'))}
      {dateField('end', t('filters.end'))}
    </>
  );
}

/** What is wrong with the period (the `rangeProblem.*` keys of `ns`), across the whole row; nothing when fine. */
export function RangeAlert({ ns, problem }: { ns: string; problem: RangeProblem }) {
  const { t } = useTranslation(ns);
  return problem ? (
    <Box role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'caption' }}>
      {t(`rangeProblem.${problem}`)}
    </Box>
  ) : null;
}

/** The end of a filter row: « Effacer les filtres » when `onReset` is given, then what is wrong with the period. */
export function FiltersEnd({ ns, problem, onReset }: { ns: string; problem: RangeProblem; onReset?: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <>
      {onReset ? (
        <Button color="inherit" size="small" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      ) : null}
      <RangeAlert ns={ns} problem={problem} />
    </>
  );
}
