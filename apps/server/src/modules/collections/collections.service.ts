import type { Collection, collectionInput, collectionReverseInput } from '@borlette/shared/contracts/collections';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { firstRow, sql } from '../../db/sql';
import { companyForWrite } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { appendWalletMove, lockAgentWallet } from '../_lib/agent-wallet';
import { isUniqueViolation } from '../_lib/validate';
import { loadCollection } from './collections-query';

/**
 * Collections are the ledger's entries (append-only): a collection lowers what the agent owes, its
 * reversal is the opposite entry. Each write takes the agent's ledger lock (the wallet's key), so a
 * collection and a reversal of one agent never interleave; reverses_id is unique, so a reversal posts once.
 */

const _idRow = z.object({ id: z.number().int() });
const priorRow = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  kind: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
});

const keyConflict = () =>
  new AppError(
    409,
    'IDEMPOTENCY_CONFLICT',
    'Cette clé d’opération a déjà servi pour une autre collecte. Recommencez la saisie.',
  );
const alreadyReversed = () => conflict('Cette collecte a déjà été annulée.');

async function write<T>(database: Database, fn: (tx: RawClient) => Promise<T>): Promise<T> {
  try {
    return await database.transaction(fn);
  } catch (err) {
    if (isUniqueViolation(err, 'wallet_entries_reverses_uq')) throw alreadyReversed();
    if (isUniqueViolation(err, 'wallet_entries_company_key_uq')) throw keyConflict();
    throw err;
  }
}

/** A collection: the agent hands `amount` to the collector; it owes that much less. Idempotent by key. */
export async function addCollection(
  database: Database,
  ctx: RequestContext,
  v: z.output<typeof collectionInput>,
): Promise<Collection> {
  const companyId = companyForWrite(ctx);
  const same = (p: z.output<typeof priorRow>) =>
    p.agent_id === v.agent_id && p.kind === 'collection' && p.amount === -v.amount && p.note === v.note;
  const prior = (tx: RawClient) =>
    firstRow(
      tx,
      priorRow,
      sql`SELECT id, agent_id, kind, amount, note FROM wallet_entries
           WHERE company_id = ${companyId} AND idempotency_key = ${v.idempotency_key}`,
    );
  return write(database, async (tx) => {
    await lockAgentWallet(tx, ctx, companyId, v.agent_id);
    let id: number | null = null;
    const before = await prior(tx);
    if (before) {
      if (!same(before)) throw keyConflict();
      id = before.id;
    } else {
      const entry = {
        agentId: v.agent_id,
        kind: 'collection' as const,
        amount: -v.amount,
        note: v.note,
        key: v.idempotency_key,
        reversesId: null,
      };
      id = await appendWalletMove(tx, ctx, companyId, entry);
      if (id === null) {
        // A twin with the same key committed while this insert waited.
        const twin = await prior(tx);
        if (!twin || !same(twin)) throw keyConflict();
        id = twin.id;
      }
    }
    return loadCollection(tx, ctx, companyId, id);
  });
}

/** Reverses a collection once with the opposite entry (the reason is its note); never an edit. */
export async function reverseCollection(
  database: Database,
  ctx: RequestContext,
  v: z.output<typeof collectionReverseInput>,
): Promise<Collection> {
  const companyId = companyForWrite(ctx);
  return write(database, async (tx) => {
    const found = await loadCollection(tx, ctx, companyId, v.id);
    await lockAgentWallet(tx, ctx, companyId, found.agent_id);
    // Read again under the agent's lock: a parallel reversal has committed or not started.
    const current = await loadCollection(tx, ctx, companyId, v.id);
    if (current.reversal) throw alreadyReversed();
    await appendWalletMove(tx, ctx, companyId, {
      agentId: current.agent_id,
      kind: 'collection_reversal',
      amount: current.amount,
      note: v.reason,
      key: null,
      reversesId: current.id,
    });
    return loadCollection(tx, ctx, companyId, v.id);
  });
}
