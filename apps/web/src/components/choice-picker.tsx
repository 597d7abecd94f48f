import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../lib/choices';
import { choiceOption } from './filters/choice-option';
import { errorMessage } from './use-mutation-with-toast';

export interface ChoicePickerProps<T extends FieldValues> {
  /** The form field holding the chosen id (number | null). */
  name: Path<T>;
  label: string;
  placeholder?: string;
  helperText?: string;
  /** The server search: called with the typed text. */
  useChoices: (search: string) => UseQueryResult<Choice[]>;
  /** The current choice when the form edits a record (its label is not in the first page). */
  initial?: Choice | null;
  required?: boolean;
  disabled?: boolean;
  /** Told the chosen entry (for sentences that name it). */
  onPick?: (choice: Choice | null) => void;
}

/**
 * An agent / sub-branch picker: type to search on the server, one choice, its id in the form.
 * The answer's second line (username, sub-branch…) tells homonyms apart; blocked ones say so.
 */
export function ChoicePicker<T extends FieldValues>({
  name,
  label,
  placeholder,
  helperText,
  useChoices,
  initial = null,
  required,
  disabled,
  onPick,
}: ChoicePickerProps<T>) {
  const { t } = useTranslation('limits');
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const choices = useChoices(search);
  const [picked, setPicked] = useState<Choice | null>(initial);
  const failed = choices.isError ? errorMessage(choices.error, t('choices.failed')) : null;

  return (
    <Autocomplete<Choice>
      options={choices.data ?? []}
      value={picked}
      loading={choices.isFetching}
      disabled={disabled}
      filterOptions={(x) => x}
      onChange={(_, next) => {
        setPicked(next);
        onPick?.(next);
        field.onChange(next?.id ?? null);
      }}
      onInputChange={(_, value, reason) => {
        if (reason === 'input') setInput(value);
        if (reason === 'clear') setInput('');
      }}
      onBlur={field.onBlur}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={failed ?? t('choices.none')}
      loadingText={t('choices.loading')}
      renderOption={choiceOption(t('choices.blocked'))}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          required={required}
          label={label}
          placeholder={placeholder}
          error={!!fieldState.error || !!failed}
          helperText={fieldState.error?.message ?? failed ?? helperText}
        />
      )}
    />
  );
}
