import { checkMessage, messageFields } from '@borlette/shared/contracts/messages';
import { z } from 'zod';

/** The message contract plus the image field of the form (a new File, the current URL, or null). */
export const messageFormSchema = messageFields
  .extend({
    image: z.union([z.instanceof(File), z.string(), z.null()]).optional(),
  })
  .superRefine(checkMessage);

export type MessageFormInput = z.input<typeof messageFormSchema>;
export type MessageFormValues = z.output<typeof messageFormSchema>;

/** Form values -> multipart body: the image only when it changed, removal said explicitly. */
export function messageFormData(values: MessageFormValues, opts: { id?: number; hadImage: boolean }): FormData {
  const { image, remove_image, ...rest } = values;
  const form = new FormData();
  const add = (key: string, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    form.append(key, String(v));
  };
  if (opts.id) add('id', opts.id);
  add('title', rest.title);
  add('text', rest.text);
  add('audience', rest.audience);
  if (rest.audience === 'surcussale') add('surcussale_id', rest.surcussale_id);
  if (rest.audience === 'agents') for (const [i, a] of rest.agents.entries()) add(`agents[${i}]`, a);
  add('starts_at', rest.starts_at);
  add('ends_at', rest.ends_at);
  add('status', rest.status);
  if (image instanceof File) form.append('image', image, image.name);
  else if (image === null && opts.hadImage) add('remove_image', 'true');
  return form;
}
