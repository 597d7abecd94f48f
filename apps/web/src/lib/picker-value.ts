import { format, isValid, parse } from 'date-fns';

/*
 * The date and time pickers (components/date-input.tsx) work on Date objects; forms, filters and the
 * API keep wall-clock strings without a zone. These two functions convert between them: a string is
 * read as local fields and written back from them, so no time zone ever shifts a day or an hour.
 */

export type PickerKind = 'date' | 'time' | 'datetime';

/** The string form of each kind: what the API parameters and the forms' values hold. */
export const PICKER_FORMATS: Record<PickerKind, string> = {
  date: 'yyyy-MM-dd',
  time: 'HH:mm',
  datetime: "yyyy-MM-dd'T'HH:mm",
};

/** The years a picker offers (the native inputs' old min/max). */
export const PICKER_MIN = new Date(2000, 0, 1);
export const PICKER_MAX = new Date(2100, 11, 31);

const SHAPES: Record<PickerKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2})?$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/,
};

/** '2026-11-26' -> that day at 00:00 local; '18:30' -> today at 18:30; '' or nonsense -> null. */
export function pickerDate(kind: PickerKind, value: string | null | undefined): Date | null {
  if (!value || !SHAPES[kind].test(value)) return null;
  const withSeconds = value.split(':').length === 3;
  const pattern = withSeconds ? `${PICKER_FORMATS[kind]}:ss` : PICKER_FORMATS[kind];
  const date = parse(value, pattern, new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}

/**
 * The picker's answer as the string form: '' when emptied, null while the typed date is incomplete or
 * impossible (31/02) — the caller keeps its previous value then.
 */
export function pickerString(kind: PickerKind, date: Date | null): string | null {
  if (date === null) return '';
  if (!isValid(date)) return null;
  if (date < PICKER_MIN || date > new Date(2101, 0, 1)) return null;
  return format(date, PICKER_FORMATS[kind]);
}
