import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS, frFR } from '@mui/x-date-pickers/locales';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../lib/format';
import { PICKER_MAX, PICKER_MIN, type PickerKind, pickerDate, pickerString } from '../lib/picker-value';

/*
 * The one date / time / date-and-time input of the app (MUI X pickers, date-fns adapter). Native
 * inputs follow the browser's language; these follow the app's: fr, en and de have their own texts and
 * date-fns locale; Haitian Creole has neither, so it reads French (the closest its readers know).
 */
const TEXTS = {
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  de: deDE.components.MuiLocalizationProvider.defaultProps.localeText,
  ht: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
} as const;

function textsOf(language: string | undefined) {
  return TEXTS[(language?.slice(0, 2) ?? 'fr') as keyof typeof TEXTS] ?? TEXTS.fr;
}

const MINUTE = { minutes: 1 } as const;

export interface DateInputProps {
  /** 'date' (yyyy-MM-dd, the default), 'time' (HH:mm) or 'datetime' (yyyy-MM-ddTHH:mm). */
  kind?: PickerKind;
  /** The wall-clock string of `kind`, '' when empty. */
  value: string;
  /** Called with a complete value or '' (never while a typed date is incomplete). */
  onChange: (value: string) => void;
  label: ReactNode;
  name?: string;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  /** A clear (×) button in the field; off by default (it takes the room of the date in narrow filters). */
  clearable?: boolean;
  /** Bounds as strings of the same kind. */
  min?: string;
  max?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

export function DateInput({
  kind = 'date',
  value,
  onChange,
  label,
  min,
  max,
  clearable = false,
  ...field
}: DateInputProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [draft, setDraft] = useState<Date | null>(() => pickerDate(kind, value));

  // A new value from outside (a preset, a reset, a loaded record) replaces what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the value itself counts
  useEffect(() => {
    if (pickerString(kind, draft) !== value) setDraft(pickerDate(kind, value));
  }, [kind, value]);

  const change = (date: Date | null) => {
    setDraft(date);
    const next = pickerString(kind, date);
    if (next !== null && next !== value) onChange(next);
  };

  const common = {
    // Narrow screens get the dialog (the desktop popper of date + time is wider than a phone).
    desktopModeMediaQuery: '@media (pointer: fine) and (min-width: 600px)',
    label,
    value: draft,
    onChange: change,
    disabled: field.disabled,
    slotProps: {
      textField: {
        name: field.name,
        size: field.size,
        error: field.error,
        helperText: field.helperText,
        required: field.required,
        fullWidth: field.fullWidth,
        onBlur: field.onBlur,
        inputRef: field.inputRef,
        sx: field.sx,
      },
      field: { clearable },
    },
  };
  const minDate = pickerDate('date', min?.slice(0, 10)) ?? PICKER_MIN;
  const maxDate = pickerDate('date', max?.slice(0, 10)) ?? PICKER_MAX;

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateLocale(language)}
      localeText={textsOf(language)}
    >
      {/* Minute by minute: official draws close at 12:29, 18:59… */}
      {kind === 'time' ? (
        <TimePicker {...common} timeSteps={MINUTE} />
      ) : kind === 'datetime' ? (
        <DateTimePicker {...common} minDate={minDate} maxDate={maxDate} timeSteps={MINUTE} />
      ) : (
        <DatePicker {...common} minDate={minDate} maxDate={maxDate} />
      )}
    </LocalizationProvider>
  );
}

export type RHFDateInputProps<T extends FieldValues> = Omit<DateInputProps, 'value' | 'onChange' | 'name'> & {
  name: FieldPath<T>;
  control?: Control<T>;
};

/** DateInput bound to react-hook-form (the zod message, or the server's, shows under it). */
export function RHFDateInput<T extends FieldValues>({ name, control, helperText, ...props }: RHFDateInputProps<T>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  return (
    <DateInput
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error || props.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
