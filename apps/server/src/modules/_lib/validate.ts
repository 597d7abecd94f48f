import type { z } from 'zod';
import { AppError } from '../../http/errors';

/** Validates data the route could not declare as its body (multipart): same 400 shape as Fastify's. */
export function validate<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  const [name, message] = Object.entries(fields)[0];
  throw new AppError(400, 'VALIDATION_ERROR', `${message} (${name})`, fields);
}

/** Unique-constraint violation (PostgreSQL 23505), to answer 409 on the right field. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? '';
  return code === '23505' && (!constraint || name.includes(constraint));
}
