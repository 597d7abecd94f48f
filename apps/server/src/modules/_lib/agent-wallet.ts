import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { LOCK_KEYS } from '../../db/lock-keys';
import { execute, firstRow, rows, sql, whereSql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { agentsWatched } from './scope';

const idRow = z.object({ id: z.number().int() });

/**
 * A move of an agent's money (wallet entries, collections): the agent must be one of the company's and,
 * for a supervisor, one it watches (404 otherwise, like another company's); then the agent's wallet lock
 * for the rest of the transaction, so two moves of one agent are checked and written one after the other.
 */
export async function lockAgentWallet(tx: RawClient, ctx: RequestContext, companyId: number, agentId: number) {
  const where = [
    sql`u.id = ${agentId}`,
    sql`u.company_id = ${companyId}`,
    sql`u.role = 'agent'`,
    ...agentsWatched(ctx, sql`u`),
  ];
  const agent = await firstRow(tx, idRow, sql`SELECT u.id FROM users u ${whereSql(where)}`);
  if (!agent) throw notFound('Vendeur introuvable.');
  await execute(tx, sql`SELECT pg_advisory_xact_lock(${LOCK_KEYS.wallet}, (${agentId}::bigint % 2147483647)::int)`);
}

/** A manual move of an agent's money: the wallet's own kinds and the collections'. */
export interface WalletMove {
  agentId: number;
  kind: 'deposit' | 'withdrawal' | 'adjustment' | 'zero' | 'zero_reversal' | 'collection' | 'collection_reversal';
  amount: number;
  note: string | null;
  key: string | null;
  reversesId?: number | null;
}

/** Appends the entry on the company's business day, audited; null when a concurrent twin took the key. */
export async function appendWalletMove(
  tx: RawClient,
  ctx: RequestContext,
  companyId: number,
  e: WalletMove,
): Promise<number | null> {
  const reversesId = e.reversesId ?? null;
  const inserted = await rows(
    tx,
    idRow,
    sql`INSERT INTO wallet_entries (company_id, agent_id, kind, amount, note, actor_id, reverses_id, idempotency_key,
                                 business_date)
     SELECT c.id, ${e.agentId}, ${e.kind}, ${e.amount}, ${e.note}, ${authOf(ctx).userId}, ${reversesId}, ${e.key},
            (now() AT TIME ZONE c.timezone)::date FROM companies c WHERE c.id = ${companyId}
     ON CONFLICT (company_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING id`,
  );
  if (!inserted.length) return null;
  await audit(tx, ctx, {
    action: e.kind,
    entity: 'wallet_entry',
    entityId: inserted[0].id,
    companyId,
    after: { agent_id: e.agentId, kind: e.kind, amount: e.amount, note: e.note, reverses_id: reversesId },
  });
  return inserted[0].id;
}
