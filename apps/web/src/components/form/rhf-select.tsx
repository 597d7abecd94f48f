import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export type RHFSelectProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'select' | 'children'
> & {
  name: FieldPath<T>;
  control?: Control<T>;
  options: SelectOption[];
  /** Label of an empty first entry that sets the field to null (e.g. 'Aucune'). */
  emptyLabel?: string;
};

/**
 * A single select bound to react-hook-form. Option values keep their type (numbers stay numbers);
 * the empty entry gives null.
 *
 *   <RHFSelect name="city_id" label={t('fields.city')} emptyLabel={t('noCity')}
 *              options={cities.map((c) => ({ value: c.id, label: c.name }))} />
 */
export function RHFSelect<T extends FieldValues>({
  name,
  control,
  options,
  emptyLabel,
  helperText,
  ...props
}: RHFSelectProps<T>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  const known = options.some((o) => o.value === field.value);
  return (
    <TextField
      {...props}
      select
      name={field.name}
      // A value that is not (yet) among the options shows as empty instead of warning.
      value={field.value === null || field.value === undefined || !known ? '' : field.value}
      onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error || props.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth={props.fullWidth ?? true}
      slotProps={{
        ...props.slotProps,
        select: { displayEmpty: emptyLabel !== undefined },
        ...(emptyLabel !== undefined && { inputLabel: { shrink: true } }),
      }}
    >
      {emptyLabel !== undefined ? (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      ) : null}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
