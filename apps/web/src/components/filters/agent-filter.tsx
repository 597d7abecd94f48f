import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Choice, pickerHidden, useAgentChoices } from '../../lib/choices';
import { choiceOption } from './choice-option';
import { shrink } from './filter-styles';

/**
 * Agents searched on the server as one types (of the chosen sub-branch if any); the chosen one's name
 * travels in the URL beside its id. Hidden when the list is refused. The labels are the `filters.*`
 * keys of `ns`, the page's own namespace (already loaded).
 */
export function AgentFilter({
  ns,
  filters: { agent, agentLabel, surcussale },
  onChange,
}: {
  ns: string;
  /** The chosen agent (id and name) and the sub-branch the search is limited to ('' = none). */
  filters: { agent: string; agentLabel: string; surcussale: string };
  onChange: (patch: { agent: string; agentLabel: string }) => void;
}) {
  const { t } = useTranslation(ns);
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
      renderOption={choiceOption()}
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
