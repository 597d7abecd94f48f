import { z } from 'zod';

/** The body of every error answer: a French message a person can read, and a stable code. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Field-level problems of a validation error: path -> French message. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });
