import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { PRIME_TYPES, type PrimeType } from '@borlette/shared/contracts/primes';
import { hasPermission } from '../../lib/authorization';
import { PRIME_LEVELS } from './api/primes';

/** The `:type` of /dashboard/tirage/configuration/:type, or null (then the app's 404). */
export function primeTypeOf(raw: string | undefined): PrimeType | null {
  return (PRIME_TYPES as readonly string[]).includes(raw ?? '') ? (raw as PrimeType) : null;
}

/**
 * The route is gated by *_agenttauxtirage; a draw's primes need their own codename as well (the API
 * checks *_tiragetauxtirage).
 */
export function mayOpen(user: CurrentUser, type: PrimeType, what: 'view' | 'add' | 'change'): boolean {
  return hasPermission(user, PRIME_LEVELS[type][what]);
}
