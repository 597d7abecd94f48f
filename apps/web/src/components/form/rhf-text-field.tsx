import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';

export type RHFTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  name: FieldPath<T>;
  /** Defaults to the enclosing <FormProvider> (FormPage provides one). */
  control?: Control<T>;
};

/**
 * A MUI TextField bound to react-hook-form; the zod message (or the server's) shows under it.
 *
 *   <RHFTextField name="name" label={t('fields.name')} required />
 */
export function RHFTextField<T extends FieldValues>({ name, control, helperText, ...props }: RHFTextFieldProps<T>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        props.onChange?.(e);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error || props.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
