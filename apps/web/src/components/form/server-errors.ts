import { ERROR_CODE } from '@borlette/shared/error-codes';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-client';

export interface ServerErrorMapping {
  /** Form field name -> French message of the server. */
  fields: Record<string, string>;
  /** What the form shows in its Alert (null when every problem sits on a field). */
  formMessage: string | null;
}

/** 'supervisors[0]' / 'supervisors/0' -> 'supervisors.0' (react-hook-form's path syntax). */
function normalise(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .replaceAll('/', '.')
    .replace(/^\.+|\.+$/g, '');
}

/** The longest known field that is `path` or one of its parents ('supervisors.0' -> 'supervisors'). */
function resolveField(path: string, known: readonly string[] | undefined): string | null {
  const p = normalise(path);
  if (!p) return null;
  if (!known) return p;
  const parts = p.split('.');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    if (known.includes(candidate)) return candidate;
  }
  return null;
}

/**
 * Pure part of `applyServerErrors`: which server messages go on which input, and what is left for
 * the form-level Alert. `known` = the form's field names (fields the form does not have — or all of
 * them when `known` is omitted and the server names none — end up in the Alert).
 */
export function mapServerErrors(error: unknown, known?: readonly string[]): ServerErrorMapping {
  if (!isApiError(error)) {
    const message = error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
    return { fields: {}, formMessage: message };
  }
  const fields: Record<string, string> = {};
  const leftover: string[] = [];
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    const name = resolveField(path, known);
    if (name) fields[name] ??= message;
    else leftover.push(message);
  }
  const mapped = Object.keys(fields).length > 0;
  // A validation summary ("Le nom est requis (name)") or a message repeated on its field adds nothing.
  const redundant =
    mapped &&
    !leftover.length &&
    (error.code === ERROR_CODE.VALIDATION_ERROR || Object.values(fields).includes(error.message));
  const lines = [...(redundant ? [] : [error.message]), ...leftover.filter((m) => m !== error.message)];
  return { fields, formMessage: lines.length ? lines.join('\n') : null };
}

/**
 * Puts the server's field messages on the inputs (`setError`, the first one focused) and returns the
 * message for the form-level Alert (or null).
 *
 *   catch (error) { setFormError(applyServerErrors(error, methods.setError, ['name', 'phone'])); }
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known?: readonly FieldPath<T>[] | readonly string[],
): string | null {
  const { fields, formMessage } = mapServerErrors(error, known);
  Object.entries(fields).forEach(([name, message], i) => {
    setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  return formMessage;
}
