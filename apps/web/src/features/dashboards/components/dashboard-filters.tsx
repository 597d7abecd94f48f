import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/date-input';
import { type Choice, useSurcussaleChoices, useTirageChoices } from '../../../lib/choices';
import { PERIODS, type PeriodKey } from '../lib/period';
import type { useDashboardFilters } from './use-dashboard-filters';

type Filters = ReturnType<typeof useDashboardFilters>;

/** A picker of the acting company's draws or sub-branches; absent when there is none to offer. */
function ChoicePicker({
  label,
  allLabel,
  choices,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  choices: Choice[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  if (!choices?.length) return null;
  // A value of the URL that is no longer offered still shows (as its id) rather than a blank field.
  const known = value === undefined || choices.some((c) => c.id === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      sx={{ flex: '1 1 0', maxWidth: { md: 210 }, minWidth: 0 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {!known ? <MenuItem value={value}>#{value}</MenuItem> : null}
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The period (presets or a custom range) and the optional draw / sub-branch filters of the board. */
export function DashboardFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation('home');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const tirages = useTirageChoices();
  const surcussales = useSurcussaleChoices();
  const { period, problem, custom, range } = filters;

  const periodControl = phone ? (
    <TextField
      select
      size="small"
      label={t('period.label')}
      value={period}
      onChange={(e) => filters.setPeriod(e.target.value as PeriodKey)}
      sx={{ flex: '1 1 100%' }}
    >
      {PERIODS.map((p) => (
        <MenuItem key={p} value={p}>
          {t(`period.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  ) : (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label={t('period.label')}
      value={period}
      onChange={(_, next: PeriodKey | null) => next && filters.setPeriod(next)}
      sx={{ flexWrap: 'wrap' }}
    >
      {PERIODS.map((p) => (
        <ToggleButton key={p} value={p} sx={{ px: 1.5, textTransform: 'none', whiteSpace: 'nowrap' }}>
          {t(`period.${p}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );

  const date = (key: 'start_date' | 'end_date', value: string, fallback: string, bad: boolean) => (
    <DateInput
      size="small"
      label={t(key === 'start_date' ? 'period.start' : 'period.end')}
      value={value || fallback}
      onChange={(v) => filters.setCustom(key, v)}
      error={bad}
      sx={{ flex: { xs: '1 1 140px', md: '0 0 165px' } }}
    />
  );

  return (
    <Card
      role="search"
      aria-label={t('filters.label')}
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      {periodControl}
      {period === 'custom' ? (
        <>
          {date('start_date', custom.start, range.start, problem === 'tooLong')}
          {date('end_date', custom.end, range.end, problem === 'order' || problem === 'tooLong')}
        </>
      ) : null}
      <Box sx={{ flex: '1 1 300px', display: 'flex', gap: 1.5, justifyContent: 'flex-end', minWidth: 0 }}>
        <ChoicePicker
          label={t('filters.tirage')}
          allLabel={t('filters.allTirages')}
          choices={tirages.data}
          value={filters.tirageId}
          onChange={filters.setTirage}
        />
        <ChoicePicker
          label={t('filters.surcussale')}
          allLabel={t('filters.allSurcussales')}
          choices={surcussales.data}
          value={filters.surcussaleId}
          onChange={filters.setSurcussale}
        />
      </Box>
      {problem && problem !== 'missing' ? (
        <Box role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'caption' }}>
          {t(`period.${problem}`)}
        </Box>
      ) : null}
    </Card>
  );
}
