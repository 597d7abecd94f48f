import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

interface FormTextFieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  helperText?: string;
  error?: boolean;
}

/**
 * An outlined text field built from its parts. MUI's <TextField> also bundles <Select> (and with it
 * Menu, Popover, Modal), which the login page — kept small on purpose — never needs.
 */
export function FormTextField({ label, helperText, error, id, fullWidth = true, ...input }: FormTextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
