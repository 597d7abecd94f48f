import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import type { SelectOption } from './rhf-select';

export type RHFMultiSelectProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'select' | 'children'
> & {
  name: FieldPath<T>;
  control?: Control<T>;
  options: SelectOption[];
  /** Shown when nothing is chosen. */
  placeholder?: string;
};

/**
 * A multiple select bound to an array field, the choices shown as chips.
 *
 *   <RHFMultiSelect name="supervisors" label={t('fields.supervisors')}
 *                   options={supervisors.map((s) => ({ value: s.id, label: s.name }))} />
 */
export function RHFMultiSelect<T extends FieldValues>({
  name,
  control,
  options,
  placeholder,
  helperText,
  ...props
}: RHFMultiSelectProps<T>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  const value: (string | number)[] = Array.isArray(field.value) ? field.value : [];
  const labelOf = (v: string | number) => options.find((o) => o.value === v)?.label ?? String(v);
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={value}
      onChange={(e) => {
        const next = e.target.value as unknown;
        // The DOM autofill variant hands a comma-separated string.
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error || props.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth={props.fullWidth ?? true}
      slotProps={{
        ...props.slotProps,
        inputLabel: placeholder ? { shrink: true } : undefined,
        select: {
          multiple: true,
          displayEmpty: !!placeholder,
          renderValue: (selected) => {
            const list = selected as (string | number)[];
            if (!list.length) return <Box sx={{ color: 'text.disabled' }}>{placeholder}</Box>;
            return (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {list.map((v) => (
                  <Chip key={v} size="small" label={labelOf(v)} />
                ))}
              </Box>
            );
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
          <Checkbox checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
