import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { COMPANY_CODENAMES } from '@borlette/shared/permissions';
import { hasPermission } from '../../../lib/authorization';

/**
 * The server's rule (modules/_lib/holds.ts): a company's admin holds every company codename, so only a
 * caller holding all of them (in practice the root superuser) resets its password, renames it, blocks
 * or deletes the company it signs in to. The actions are hidden from other staff rather than refused.
 */
export function mayActOnCompanyAdmin(user: CurrentUser | null | undefined): boolean {
  return COMPANY_CODENAMES.every((c) => hasPermission(user, c));
}
