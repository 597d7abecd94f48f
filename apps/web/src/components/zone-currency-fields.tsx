import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type ReactNode, useMemo } from 'react';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../lib/format';

type SupportedValuesOf = (key: 'timeZone' | 'currency') => string[];
const supportedValuesOf = (Intl as { supportedValuesOf?: SupportedValuesOf }).supportedValuesOf;

/** What this browser knows; the server checks again with Node's Intl. */
const FALLBACK_ZONES = [
  'America/Port-au-Prince',
  'America/Santo_Domingo',
  'America/New_York',
  'America/Chicago',
  'America/Toronto',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/Cayenne',
  'America/Guadeloupe',
  'America/Martinique',
  'Europe/Paris',
];
const FALLBACK_CURRENCIES = ['HTG', 'DOP', 'USD', 'CAD', 'EUR', 'CLP', 'BRL'];

function values(key: 'timeZone' | 'currency', fallback: string[]): string[] {
  try {
    const list = supportedValuesOf?.(key);
    if (list?.length) return [...new Set([...fallback, ...list])].sort();
  } catch {
    // older browsers
  }
  return fallback;
}

interface FieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control?: Control<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
}

/** A string field picked from a long list, with type-ahead; the zod (or server) message shows under it. */
function RHFAutocomplete<T extends FieldValues>({
  name,
  control,
  label,
  required,
  helperText,
  options,
  getLabel,
}: FieldProps<T> & { options: string[]; getLabel: (value: string) => string }) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, v) => field.onChange(v ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={getLabel}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required={required}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** IANA time zone, e.g. America/Port-au-Prince (shown with its current UTC offset). */
export function RHFTimeZoneField<T extends FieldValues>(props: FieldProps<T>) {
  const options = useMemo(() => values('timeZone', FALLBACK_ZONES), []);
  const getLabel = useMemo(() => {
    const cache = new Map<string, string>();
    return (zone: string) => {
      let label = cache.get(zone);
      if (!label) {
        label = zone.replaceAll('_', ' ');
        try {
          const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
            .formatToParts(new Date())
            .find((p) => p.type === 'timeZoneName')?.value;
          if (offset) label = `${label} (${offset.replace('GMT', 'UTC')})`;
        } catch {
          // unknown here: the plain name
        }
        cache.set(zone, label);
      }
      return label;
    };
  }, []);
  return <RHFAutocomplete {...props} options={options} getLabel={getLabel} />;
}

/** ISO 4217 currency, shown with its name in the interface language (HTG — gourde haïtienne). */
export function RHFCurrencyField<T extends FieldValues>(props: FieldProps<T>) {
  const { i18n } = useTranslation();
  const options = useMemo(() => values('currency', FALLBACK_CURRENCIES), []);
  const getLabel = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intlLocale(i18n.language), 'fr'], { type: 'currency' });
    } catch {
      names = null;
    }
    return (code: string) => {
      const name = names?.of(code);
      return name && name !== code ? `${code} — ${name}` : code;
    };
  }, [i18n.language]);
  return <RHFAutocomplete {...props} options={options} getLabel={getLabel} />;
}
