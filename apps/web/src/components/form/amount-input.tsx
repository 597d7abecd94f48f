import InputAdornment from '@mui/material/InputAdornment';
import type { FieldValues, Path } from 'react-hook-form';
import { RHFTextField } from './rhf-text-field';

/** The HTG amount of a limit: decimal keyboard on phones, the currency beside it. */
export function AmountInput<T extends FieldValues>({
  name,
  label,
  currency,
  helperText,
  autoFocus,
}: {
  name: Path<T>;
  label: string;
  currency: string;
  helperText?: string;
  autoFocus?: boolean;
}) {
  return (
    <RHFTextField<T>
      name={name}
      label={label}
      required
      autoFocus={autoFocus}
      placeholder="0,00"
      helperText={helperText}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 20, autoComplete: 'off' },
        input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
      }}
    />
  );
}
