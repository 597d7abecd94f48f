import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import {
  type PickerOption,
  pickerHidden,
  useAgentOptions,
  useSurcussaleOptions,
  useTirageOptions,
} from '../api/fiches';
import {
  type FicheFilters,
  type FicheKind,
  hasNarrowingFilter,
  isDay,
  KIND_STATUSES,
  matchingPreset,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
} from '../lib/fiche-filters';

const field = { flex: { xs: '1 1 140px', sm: '0 0 170px' } } as const;
const shrink = { inputLabel: { shrink: true } } as const;

interface ToolbarProps {
  kind: FicheKind;
  filters: FicheFilters;
  range: { start: string; end: string };
  problem: 'order' | 'tooLong' | null;
  today: string;
  onChange: (patch: Partial<FicheFilters>) => void;
}

/** A select of the pickers; hidden when its list cannot be read (another feature's codename). */
function PickerSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: PickerOption[] | undefined;
  onChange: (value: string) => void;
}) {
  if (!options) return null;
  return (
    <TextField
      select
      size="small"
      label={label}
      // A value whose option is not in the list (an old link) still filters; the select shows « Tous ».
      value={options.some((o) => String(o.id) === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={field}
      slotProps={{ ...shrink, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Agents searched on the server as one types; the chosen one's name travels in the URL. */
function AgentPicker({ filters, onChange }: Pick<ToolbarProps, 'filters' | 'onChange'>) {
  const { t } = useTranslation('fiches');
  const user = useUser();
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const allowed = hasPermission(user, 'view_agent');
  const agents = useAgentOptions(search, filters.surcussale, allowed);
  if (!allowed || pickerHidden(agents)) return null;
  const value: PickerOption | null = filters.agent
    ? { id: Number(filters.agent), name: filters.agentLabel || `#${filters.agent}` }
    : null;
  return (
    <Autocomplete<PickerOption>
      size="small"
      options={agents.data ?? []}
      value={value}
      loading={agents.isFetching}
      filterOptions={(x) => x}
      onChange={(_, next) => onChange({ agent: next ? String(next.id) : '', agentLabel: next?.name ?? '' })}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setInput(text);
        if (reason === 'clear' || reason === 'reset') setInput('');
      }}
      getOptionLabel={(a) => a.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('filters.noAgents')}
      loadingText={t('filters.loading')}
      clearText={t('filters.clear')}
      openText={t('filters.open')}
      closeText={t('filters.close')}
      renderOption={({ key, ...props }, a) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{a.name}</span>
          {a.caption ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {a.caption}
            </Typography>
          ) : null}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('filters.agent')}
          placeholder={t('filters.allAgents')}
          slotProps={{ ...params.slotProps, ...shrink }}
        />
      )}
      sx={{ flex: { xs: '1 1 100%', sm: '0 0 220px' } }}
    />
  );
}

/** Period (shortcuts and two dates), draw, sub-branch, agent and status of the ticket lists. */
export function FicheToolbar({ kind, filters, range, problem, today, onChange }: ToolbarProps) {
  const { t } = useTranslation('fiches');
  const user = useUser();
  const canTirages = hasPermission(user, 'view_tirage');
  const canSurcussales = hasPermission(user, 'view_surcussale');
  const tirages = useTirageOptions(canTirages);
  const surcussales = useSurcussaleOptions(canSurcussales);
  const preset = matchingPreset(range, today);
  const statuses = KIND_STATUSES[kind];

  const dateField = (key: 'start' | 'end', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={range[key]}
      onChange={(e) => {
        const v = e.target.value;
        if (!v) return onChange({ start: '', end: '' });
        if (!isDay(v)) return;
        // Moving one bound past the other drags it along (keeps a valid period while typing).
        if (key === 'start') onChange({ start: v, end: [range.end, v].sort()[1] });
        else onChange({ end: v, start: [range.start, v].sort()[0] });
      }}
      error={!!problem}
      sx={field}
      slotProps={{ ...shrink, htmlInput: { min: '2000-01-01', max: '2100-12-31' } }}
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
        sx={field}
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
      <PickerSelect
        label={t('filters.tirage')}
        allLabel={t('filters.allTirages')}
        value={filters.tirage}
        options={!canTirages || pickerHidden(tirages) ? undefined : (tirages.data ?? [])}
        onChange={(tirage) => onChange({ tirage })}
      />
      <PickerSelect
        label={t('filters.surcussale')}
        allLabel={t('filters.allSurcussales')}
        value={filters.surcussale}
        options={!canSurcussales || pickerHidden(surcussales) ? undefined : (surcussales.data ?? [])}
        onChange={(surcussale) => onChange({ surcussale })}
      />
      <AgentPicker filters={filters} onChange={onChange} />
      {statuses.length ? (
        <TextField
          select
          size="small"
          label={t('filters.status')}
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value })}
          sx={field}
          slotProps={{ ...shrink, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('filters.allStatuses')}</MenuItem>
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {hasNarrowingFilter(filters) ? (
        <Button
          color="inherit"
          size="small"
          onClick={() => onChange({ tirage: '', surcussale: '', agent: '', status: '' })}
        >
          {t('filters.reset')}
        </Button>
      ) : null}
      {problem ? (
        <Box role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'caption' }}>
          {t(`rangeProblem.${problem}`)}
        </Box>
      ) : null}
    </>
  );
}
