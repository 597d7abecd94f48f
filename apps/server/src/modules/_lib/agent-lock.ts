import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { LOCK_KEYS } from '../../db/lock-keys';
import { execute, firstRow, sql, whereSql } from '../../db/sql';
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
