import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Choice, useAgentChoices, useSurcussaleChoices, useTirageChoices } from '../../../lib/choices';
import { useUser } from '../../../lib/session/use-session';
import { pickerHidden } from '../../fiches/api/fiches';
import { isDay, matchingPreset, presetRange, RANGE_PRESETS, type RangePreset } from '../../fiches/lib/fiche-filters';
import type { PeriodState } from '../lib/url-state';

export const filterField = { flex: { xs: '1 1 140px', sm: '0 0 170px' } } as const;
export const shrink = { inputLabel: { shrink: true } } as const;

/** A select of ids (draws, sub-branches, supervisors…) with an « all » entry. */
export function IdSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel?: string;
  value: string;
  options: { id: number | string; name: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      // A value not among the options (an old link) still filters; the select shows « Tous ».
      value={options.some((o) => String(o.id) === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={filterField}
      slotProps={{ ...shrink, select: { displayEmpty: true } }}
    >
      {allLabel ? <MenuItem value="">{allLabel}</MenuItem> : null}
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Agents searched on the server as one types; the chosen one's name travels in the URL. */
export function AgentFilter({
  agent,
  agentLabel,
  surcussale,
  onChange,
}: {
  agent: string;
  agentLabel: string;
  surcussale: string;
  onChange: (patch: { agent: string; agentLabel: string }) => void;
}) {
  const { t } = useTranslation('reports');
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const agents = useAgentChoices(search, true, surcussale || null);
  if (pickerHidden(agents)) return null;
  const value: Choice | null = agent ? { id: Number(agent), name: agentLabel || `#${agent}` } : null;
  return (
    <Autocomplete<Choice>
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
          {a.hint ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {a.hint}
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

export interface PeriodFiltersProps {
  state: PeriodState;
  range: { start: string; end: string };
  problem: 'order' | 'tooLong' | null;
  today: string;
  onChange: (patch: Partial<PeriodState>) => void;
  /** Which pickers the page offers (the period is always there). */
  show?: { tirage?: boolean; surcussale?: boolean; agent?: boolean };
  /** The page's own filters (grouping, game, kind…), after the pickers. */
  children?: ReactNode;
  /** Shows « Effacer les filtres » (the page knows which of its filters narrow). */
  onReset?: () => void;
}

/**
 * Period (shortcuts and two dates), draw, sub-branch and agent of the reports, the statistics and
 * the wallet. The pickers read the choices open to every company user; the superuser with « Toutes »
 * has none (no company), so they hide.
 */
export function PeriodFilters({
  state,
  range,
  problem,
  today,
  onChange,
  show = {},
  children,
  onReset,
}: PeriodFiltersProps) {
  const { t } = useTranslation('reports');
  const user = useUser();
  const hasCompany = !!user.company;
  const tirages = useTirageChoices(hasCompany && !!show.tirage);
  const surcussales = useSurcussaleChoices('', hasCompany && !!show.surcussale);
  const preset = matchingPreset(range, today);

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
      sx={filterField}
      slotProps={{ ...shrink, htmlInput: { min: '2000-01-01', max: '2100-12-31' } }}
    />
  );

  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
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
      {show.tirage && hasCompany && !pickerHidden(tirages) ? (
        <IdSelect
          label={t('filters.tirage')}
          allLabel={t('filters.allTirages')}
          value={state.tirage}
          options={tirages.data ?? []}
          onChange={(tirage) => onChange({ tirage })}
        />
      ) : null}
      {show.surcussale && hasCompany && !pickerHidden(surcussales) ? (
        <IdSelect
          label={t('filters.surcussale')}
          allLabel={t('filters.allSurcussales')}
          value={state.surcussale}
          options={surcussales.data ?? []}
          onChange={(surcussale) => onChange({ surcussale })}
        />
      ) : null}
      {show.agent && hasCompany ? (
        <AgentFilter
          agent={state.agent}
          agentLabel={state.agentLabel}
          surcussale={state.surcussale}
          onChange={onChange}
        />
      ) : null}
      {children}
      {onReset ? (
        <Button color="inherit" size="small" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      ) : null}
      {problem ? (
        <Box role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'caption' }}>
          {t(`rangeProblem.${problem}`)}
        </Box>
      ) : null}
    </Box>
  );
}
