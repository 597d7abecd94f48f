import type { AuditAction } from '@borlette/shared/contracts/audit-actions';
import { centimesJson } from '@borlette/shared/contracts/money';
import type { RawClient } from '../db/client';
import type { RequestContext } from './context';

export interface AuditEntry {
  /** One of the catalogue (contracts/audit-actions.ts): a new word needs its French label there. */
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the company the request acts on. */
  companyId?: number | null;
  /** For sign-in, when the request carries no session yet. */
  actor?: { userId: number | null; role: string | null; username: string | null };
}

const SECRET_KEYS = /pass(word)?|token|hash|secret/i;

/** Removes secrets from what the audit trail keeps. */
function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  // An amount past 2^53 (contracts/money.ts): the string of its digits, exact (JSON has no bigint).
  if (typeof value === 'bigint') return centimesJson(value);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[masqué]' : scrub(v);
    return out;
  }
  return value;
}

/** Records who did what, when and from where. Pass the transaction's client so the entry commits with the change. */
export async function audit(raw: RawClient, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  const a = ctx.auth;
  const v = {
    companyId: entry.companyId !== undefined ? entry.companyId : (a?.companyId ?? a?.ownCompanyId ?? null),
    userId: entry.actor ? entry.actor.userId : (a?.userId ?? null),
    role: entry.actor ? entry.actor.role : (a?.role ?? null),
    username: entry.actor ? entry.actor.username : (a?.username ?? null),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
  };
  await raw.query(
    `INSERT INTO audit_log (company_id, user_id, role, username, action, entity, entity_id, before, after, ip, user_agent, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      v.companyId,
      v.userId,
      v.role,
      v.username,
      v.action,
      v.entity,
      v.entityId,
      v.before === null ? null : JSON.stringify(v.before),
      v.after === null ? null : JSON.stringify(v.after),
      v.ip,
      v.userAgent,
      v.requestId,
    ],
  );
}
