import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';

/**
 * Suspends (blocked) or resumes (active) one record of a company table whose `status` column holds
 * 'active' | 'blocked' — draws, sub-branches, loto options, limits, ticket limits, free mariage
 * intervals — with its audit entry, in one transaction. `load` reads the record as the API answers it
 * (and refuses first with a 404 when it is not the company's); the answer is the record after.
 */
export async function setRecordBlocked<T extends { status: string }>(
  database: Database,
  ctx: RequestContext,
  o: {
    table: string;
    entity: string;
    companyId: number;
    id: number;
    blocked: boolean;
    load: (raw: RawClient) => Promise<T>;
    /** Extra fields for the audit entry (e.g. the kind of a limit). */
    auditExtra?: Record<string, unknown>;
  },
): Promise<T> {
  const before = await o.load(database.raw);
  const status = o.blocked ? 'blocked' : 'active';
  await database.transaction(async (tx) => {
    await tx.query(`UPDATE ${o.table} SET status = $3, updated_at = now() WHERE company_id = $1 AND id = $2`, [
      o.companyId,
      o.id,
      status,
    ]);
    await audit(tx, ctx, {
      action: o.blocked ? 'block' : 'unblock',
      entity: o.entity,
      entityId: o.id,
      companyId: o.companyId,
      before: { ...o.auditExtra, status: before.status },
      after: { ...o.auditExtra, status },
    });
  });
  return o.load(database.raw);
}
