import type { LoginRequest, loginRequest } from '@borlette/shared/contracts/auth';
import type { z } from 'zod';

export type LoginOutput = z.output<typeof loginRequest>;
export type LoginField = 'username' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * Validation uses the shared `loginRequest` schema (docs/spec.md §5 messages). zod is loaded on demand — at
 * the first keystroke, or at submit at the latest — so that it is not part of the JS the login page
 * needs to appear.
 */
const loadSchema = () => import('@borlette/shared/contracts/auth').then((m) => m.loginRequest);

let pending: ReturnType<typeof loadSchema> | null = null;

function schema() {
  pending ??= loadSchema().catch((error: unknown) => {
    pending = null; // retried on the next attempt
    throw error;
  });
  return pending;
}

export function prefetchLoginValidation(): void {
  schema().catch(() => undefined);
}

export async function validateLogin(values: LoginRequest): Promise<{ data: LoginOutput | null; errors: LoginErrors }> {
  const result = (await schema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}
