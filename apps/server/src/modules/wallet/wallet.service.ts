import { money } from '@borlette/shared/contracts/money';
import type { WalletEntry, walletInput } from '@borlette/shared/contracts/wallet';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { firstRow, oneRow, sql } from '../../db/sql';
import { companyForWrite } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, notFound } from '../../http/errors';
import { appendWalletMove, lockAgentWallet } from '../_lib/agent-wallet';
import { isUniqueViolation } from '../_lib/validate';
import { loadEntry } from './wallet-query';

/**
 * The back office's writes to the agents' ledger (append-only): deposits, withdrawals, adjustments,
 * transactions zero and their reversals. Each runs in one transaction that first takes the agent's
 * ledger lock, so that two writes of one agent never compute from the same balance (two parallel
 * zeros cannot both post); a retried request with the same key answers the entry it made.
 */

const storedEntry = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  kind: z.string(),
  amount: money,
  note: z.string().nullable(),
});
type StoredEntry = z.output<typeof storedEntry>;
const _idRow = z.object({ id: z.number().int() });

const idempotencyConflict = () =>
  new AppError(
    409,
    'IDEMPOTENCY_CONFLICT',
    'Cette clé d’opération a déjà servi pour un autre mouvement. Recommencez la saisie.',
  );

/** The entry a key already made: the same request answers it; another content is a 409. */
async function replay(
  tx: RawClient,
  companyId: number,
  key: string,
  same: (e: StoredEntry) => boolean,
): Promise<WalletEntry | null> {
  const prior = await firstRow(
    tx,
    storedEntry,
    sql`SELECT id, agent_id, kind, amount, note FROM wallet_entries WHERE company_id = ${companyId} AND idempotency_key = ${key}`,
  );
  if (!prior) return null;
  if (!same(prior)) throw idempotencyConflict();
  return loadEntry(tx, companyId, prior.id);
}

/** A concurrent twin inserted the key first (it committed while this insert waited): answer its entry. */
async function replayed(tx: RawClient, companyId: number, key: string, same: (e: StoredEntry) => boolean) {
  const prior = await replay(tx, companyId, key, same);
  if (!prior) throw idempotencyConflict();
  return prior;
}

/** Runs a write; a unique violation that slipped past the checks (a concurrent twin) is a clean 409. */
async function write<T>(database: Database, fn: (tx: RawClient) => Promise<T>): Promise<T> {
  try {
    return await database.transaction(fn);
  } catch (err) {
    if (isUniqueViolation(err, 'wallet_entries_reverses_uq'))
      throw conflict('Cette transaction zéro a déjà été annulée.');
    if (isUniqueViolation(err, 'wallet_entries_company_key_uq')) throw idempotencyConflict();
    throw err;
  }
}

type MovementInput = z.output<typeof walletInput>;

/** A deposit (the agent hands in cash: owes less), a withdrawal (owes more) or an adjustment (±). */
export async function addMovement(database: Database, ctx: RequestContext, v: MovementInput) {
  const companyId = companyForWrite(ctx);
  const amount =
    v.kind === 'deposit' ? -v.amount : v.kind === 'withdrawal' ? v.amount : v.owes_more ? v.amount : -v.amount;
  const same = (e: StoredEntry) =>
    e.agent_id === v.agent_id && e.kind === v.kind && e.amount === amount && e.note === v.note;
  return write(database, async (tx) => {
    await lockAgentWallet(tx, ctx, companyId, v.agent_id);
    const prior = await replay(tx, companyId, v.idempotency_key, same);
    if (prior) return prior;
    const entry = { agentId: v.agent_id, kind: v.kind, amount, note: v.note, key: v.idempotency_key };
    const id = await appendWalletMove(tx, ctx, companyId, entry);
    return id !== null ? loadEntry(tx, companyId, id) : replayed(tx, companyId, v.idempotency_key, same);
  });
}

/** The entry that brings the agent's balance (the sum of all its entries) to exactly 0. */
export async function transactionZero(
  database: Database,
  ctx: RequestContext,
  v: { agent_id: number; note: string | null; idempotency_key: string },
) {
  const companyId = companyForWrite(ctx);
  const same = (e: StoredEntry) => e.agent_id === v.agent_id && e.kind === 'zero' && e.note === v.note;
  return write(database, async (tx) => {
    await lockAgentWallet(tx, ctx, companyId, v.agent_id);
    const prior = await replay(tx, companyId, v.idempotency_key, same);
    if (prior) return prior;
    // Under the agent's lock: no other zero of this agent can be computing from the same balance.
    const { balance } = await oneRow(
      tx,
      z.object({ balance: money }),
      sql`SELECT coalesce(sum(total), 0)::bigint AS balance FROM wallet_agent_day
           WHERE company_id = ${companyId} AND agent_id = ${v.agent_id}`,
    );
    if (balance === 0) {
      throw new AppError(409, 'ALREADY_ZERO', 'Le solde de ce vendeur est déjà à 0 : aucune transaction zéro à faire.');
    }
    const entry = {
      agentId: v.agent_id,
      kind: 'zero' as const,
      amount: -balance,
      note: v.note,
      key: v.idempotency_key,
    };
    const id = await appendWalletMove(tx, ctx, companyId, entry);
    return id !== null ? loadEntry(tx, companyId, id) : replayed(tx, companyId, v.idempotency_key, same);
  });
}

/** Reverses a transaction zero of this agent once, with a zero_reversal entry (nothing is deleted). */
export async function reverseZero(
  database: Database,
  ctx: RequestContext,
  v: { agent_id: number; transaction_id: number },
) {
  const companyId = companyForWrite(ctx);
  return write(database, async (tx) => {
    await lockAgentWallet(tx, ctx, companyId, v.agent_id);
    const zero = await firstRow(
      tx,
      storedEntry.extend({ reversed: z.boolean() }),
      sql`SELECT w.id, w.agent_id, w.kind, w.amount, w.note,
              EXISTS (SELECT 1 FROM wallet_entries r WHERE r.company_id = w.company_id AND r.reverses_id = w.id) AS reversed
         FROM wallet_entries w WHERE w.company_id = ${companyId} AND w.id = ${v.transaction_id} AND w.agent_id = ${v.agent_id}`,
    );
    if (!zero) throw notFound('Transaction introuvable pour ce vendeur.');
    if (zero.kind !== 'zero') throw conflict('Seule une transaction zéro peut être annulée.');
    if (zero.reversed) throw conflict('Cette transaction zéro a déjà été annulée.');
    const id = await appendWalletMove(tx, ctx, companyId, {
      agentId: v.agent_id,
      kind: 'zero_reversal',
      amount: -zero.amount,
      note: `Annulation de la transaction zéro n° ${zero.id}`,
      key: null,
      reversesId: zero.id,
    });
    return loadEntry(tx, companyId, id as number);
  });
}
