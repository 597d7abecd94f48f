import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { PRIME_TYPES, type PrimeType, primeConfEndpoints } from '@borlette/shared/contracts/primes';
import { hasPermission } from '../../lib/authorization';

/** The `:type` of /dashboard/tirage/configuration/:type, or null (then the app's 404). */
export function primeTypeOf(raw: string | undefined): PrimeType | null {
  return (PRIME_TYPES as readonly string[]).includes(raw ?? '') ? (raw as PrimeType) : null;
}

/**
 * The route is gated by *_agenttauxtirage; a draw's primes need their own codename as well (the API
 * checks *_tiragetauxtirage).
 */
export function mayOpen(user: CurrentUser, type: PrimeType, what: 'view' | 'add' | 'change'): boolean {
  const endpoints = primeConfEndpoints[type];
  const endpoint = { view: endpoints.list, add: endpoints.create, change: endpoints.update }[what];
  return hasPermission(user, endpoint.access.permission);
}
