import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { choiceOption } from '../../../components/filters/choice-option';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { type Choice, useAgentChoices } from '../../../lib/choices';

/**
 * The agent of a movement: searched on the server as one types (the company's agents, a supervisor's
 * own), its id in the form field `agent_id`; `initial` when the page was opened for an agent.
 */
export function AgentField({ initial, onPick }: { initial: Choice | null; onPick: (choice: Choice | null) => void }) {
  const { t } = useTranslation('wallet');
  const { control } = useFormContext<{ agent_id: number | null }>();
  const { field, fieldState } = useController({ name: 'agent_id', control });
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const choices = useAgentChoices(search);
  const [picked, setPicked] = useState<Choice | null>(initial);
  const failed = choices.isError ? errorMessage(choices.error, t('form.agentsFailed')) : null;

  return (
    <Autocomplete<Choice>
      options={choices.data ?? []}
      value={picked}
      loading={choices.isFetching}
      filterOptions={(x) => x}
      onChange={(_, next) => {
        setPicked(next);
        onPick(next);
        field.onChange(next?.id ?? null);
      }}
      onInputChange={(_, value, reason) => {
        if (reason === 'input') setInput(value);
        if (reason === 'clear') setInput('');
      }}
      onBlur={field.onBlur}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={failed ?? t('form.noAgents')}
      loadingText={t('form.loading')}
      renderOption={choiceOption(t('form.blocked'))}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          required
          label={t('form.agent')}
          placeholder={t('form.agentPlaceholder')}
          error={!!fieldState.error || !!failed}
          helperText={fieldState.error?.message ?? failed ?? t('form.agentHelp')}
        />
      )}
    />
  );
}
