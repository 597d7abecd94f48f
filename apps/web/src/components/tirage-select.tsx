import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTirageChoices } from '../lib/choices';
import { RHFSelect } from './form';
import { errorMessage } from './use-mutation-with-toast';

/**
 * The draw of a limit or a block: one of the company's draws, or « Tous les tirages » (null). The
 * record's current draw is kept when the list cannot be read (its name comes from the record).
 */
export function TirageSelect<T extends FieldValues>({
  name,
  helperText,
  current,
  allowAll = true,
  required,
  label,
}: {
  name: Path<T>;
  helperText?: string;
  /** The record's draw, shown while the list loads or when it cannot be read. */
  current?: { id: number; name: string } | null;
  allowAll?: boolean;
  required?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('limits');
  const tirages = useTirageChoices();
  const fieldLabel = label ?? t('fields.tirage');
  if (tirages.isPending) {
    return (
      <TextField select disabled fullWidth label={fieldLabel} value="" helperText={t('choices.loading')}>
        <MenuItem value="" />
      </TextField>
    );
  }
  const options = (tirages.data ?? []).map((c) => ({
    value: c.id,
    label: c.blocked ? `${c.name} (${t('choices.blocked')})` : c.name,
  }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: current.name });
  return (
    <RHFSelect<T>
      name={name}
      label={fieldLabel}
      required={required}
      emptyLabel={allowAll ? t('allTirages') : undefined}
      options={options}
      helperText={tirages.isError ? errorMessage(tirages.error, t('choices.failed')) : helperText}
    />
  );
}
