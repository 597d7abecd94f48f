import type { Codename } from '@borlette/shared/permissions';
import { ROLES } from '@borlette/shared/permissions';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { rows, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { authOf, effectivePermissions } from '../../http/auth';
import { AppError } from '../../http/errors';

/**
 * Nobody manages an account that holds more than they do: resetting its password would hand its powers
 * over, blocking or renaming it would overrule someone above them. Platform staff follow it among
 * themselves (generales) and towards the accounts of a company (its admin, its supervisors); a
 * company's admin holds every company codename, so only a caller holding all of them (in practice the
 * root superuser) may reset, block, rename or delete it. Agents hold point-of-sale codenames only,
 * which no back-office account holds: their writes stay governed by the route's codename.
 */

const accountRow = z.object({ role: z.enum(ROLES), full_access: z.boolean(), perms: z.array(z.string()).nullable() });

/** What the company's accounts of `role` (or the one account `userId`) hold, together, as a session would. */
export async function codenamesHeld(
  raw: RawClient,
  target: { companyId: number; role: 'company' | 'supervisor'; userId?: number },
): Promise<Set<Codename>> {
  const accounts = await rows(
    raw,
    accountRow,
    sql`SELECT u.role, u.full_access,
               (SELECT array_agg(p.codename) FROM user_permissions p WHERE p.user_id = u.id) AS perms
          FROM users u
         WHERE u.company_id = ${target.companyId} AND u.role = ${target.role} AND u.status <> 'archived'
           AND (${target.userId ?? null}::bigint IS NULL OR u.id = ${target.userId ?? null}::bigint)`,
  );
  const held = new Set<Codename>();
  for (const r of accounts) for (const c of effectivePermissions(r.role, r.full_access, r.perms ?? [])) held.add(c);
  return held;
}

/** Refuses (403) unless the caller holds every codename of `held`; `what` names the account in the message. */
export function assertHoldsAll(request: HasAuth, held: Iterable<Codename>, what: string): void {
  const mine = authOf(request).permissions;
  const missing = [...held].filter((c) => !mine.has(c));
  if (missing.length) {
    throw new AppError(
      403,
      'PERMISSION_DENIED',
      `${what} a des permissions que vous n’avez pas (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}) : vous ne pouvez pas agir sur ce compte.`,
    );
  }
}
