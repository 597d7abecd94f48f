export interface ToFormDataOptions {
  /** Send null as '' (default: null and undefined are left out). */
  nullAsEmpty?: boolean;
}

/**
 * Values -> FormData for the multipart calls (docs/conventions.md): arrays become indexed fields
 * (`permissions[0]`, `permissions[1]`), booleans 'true'/'false', Files and Blobs are attached as is,
 * a string value of an image field (its current URL) is sent as a string — leave it out if the
 * server should not receive it.
 *
 *   call(companyEndpoints.update, toFormData({ ...values, logo: file }));
 */
export function toFormData(values: Record<string, unknown>, options: ToFormDataOptions = {}): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) {
      if (options.nullAsEmpty) form.append(key, '');
      return;
    }
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'blob');
    else if (Array.isArray(value)) for (const [i, v] of value.entries()) add(`${key}[${i}]`, v);
    else if (value instanceof Date) form.append(key, value.toISOString());
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return form;
}
