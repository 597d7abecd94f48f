import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';

export interface RHFSwitchProps<T extends FieldValues> {
  name: FieldPath<T>;
  control?: Control<T>;
  label: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
}

/**
 * A boolean field as a switch.
 *
 *   <RHFSwitch name="remember" label={t('fields.remember')} />
 */
export function RHFSwitch<T extends FieldValues>({ name, control, label, helperText, disabled }: RHFSwitchProps<T>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  const message = fieldState.error?.message ?? helperText;
  return (
    <div>
      <FormControlLabel
        label={label}
        disabled={disabled}
        control={
          <Switch
            name={field.name}
            checked={!!field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {message ? <FormHelperText error={!!fieldState.error}>{message}</FormHelperText> : null}
    </div>
  );
}
