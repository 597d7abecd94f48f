import type { FicheView } from '@borlette/shared/contracts/fiches';
import { money } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, rawSql, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, notFound } from '../../http/errors';
import { ficheJson } from './fiches-query';

/**
 * The ticket's lifecycle after its sale (docs/domain.md « Ticket lifecycle »): cancellation by its agent,
 * deletion / reactivation / blocking by the back office, payment. Each runs in one transaction that
 * holds the shared lock of the ticket's draws (a result cannot be settled in between), re-checks
 * every condition under that lock, and records an audit entry (the ticket's events).
 */

const ficheRow = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  number: z.number().int(),
  agent_id: z.number().int(),
  status: z.enum(['active', 'cancelled', 'deleted']),
  blocked: z.boolean(),
  win_amount: money,
  paid_at: z.string().nullable(),
  paid_amount: money.nullable(),
  paid_by_name: z.string().nullable(),
  sale_date: z.string(),
  sold_at: z.date(),
  expired: z.boolean(),
  expires_on: z.string(),
  cancel_open: z.boolean(),
});
type FicheRow = z.output<typeof ficheRow>;

const FICHE_SELECT = rawSql(`
  SELECT f.id, f.company_id, f.number, f.agent_id, f.status, f.blocked, f.win_amount, f.paid_amount,
         to_char(f.paid_at AT TIME ZONE c.timezone, 'DD/MM/YYYY HH24:MI') AS paid_at,
         (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.paid_by) AS paid_by_name,
         to_char(f.sale_date, 'YYYY-MM-DD') AS sale_date, f.sold_at,
         f.sale_date + cs.payout_validity_days < (now() AT TIME ZONE c.timezone)::date AS expired,
         to_char(f.sale_date + cs.payout_validity_days, 'DD/MM/YYYY') AS expires_on,
         now() <= f.sold_at + make_interval(mins => cs.cancel_window_minutes) AS cancel_open
    FROM fiches f
    JOIN companies c ON c.id = f.company_id
    JOIN company_settings cs ON cs.company_id = f.company_id`);

const idRow = z.object({ id: z.number().int() });

/** Locks the ticket's draws (shared, sorted) then reads the ticket row FOR UPDATE. */
async function lockFiche(tx: RawClient, companyId: number, id: number): Promise<FicheRow> {
  const target = await firstRow(tx, idRow, sql`SELECT id FROM fiches WHERE company_id = ${companyId} AND id = ${id}`);
  if (!target) throw notFound('Fiche introuvable.');
  await tx.query(
    'SELECT borlette_lock_draws(array(SELECT tirage_id FROM fiche_tirages WHERE company_id = $1 AND fiche_id = $2), false)',
    [companyId, target.id],
  );
  return oneRow(tx, ficheRow, sql`${FICHE_SELECT} WHERE f.id = ${target.id} FOR UPDATE OF f`);
}

const drawState = z.object({ name: z.string(), is_open: z.boolean(), has_result: z.boolean(), same_day: z.boolean() });
type DrawState = z.output<typeof drawState>;

async function drawStates(tx: RawClient, row: FicheRow): Promise<DrawState[]> {
  return rows(
    tx,
    drawState,
    sql`SELECT t.name, s.is_open, s.draw_date = ft.draw_date AS same_day,
            EXISTS (SELECT 1 FROM info_tirages i WHERE i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                       AND i.draw_date = ft.draw_date) AS has_result
       FROM fiche_tirages ft
       JOIN tirages t ON t.id = ft.tirage_id
       CROSS JOIN LATERAL borlette_tirage_state(ft.tirage_id) s
      WHERE ft.company_id = ${row.company_id} AND ft.fiche_id = ${row.id}
      ORDER BY t.name`,
  );
}

async function view(raw: RawClient, id: number): Promise<FicheView> {
  return (await oneRow(raw, ficheJson, sql`SELECT borlette_fiche_json(${id}) AS j`)).j;
}

const STATUS_WORD = { cancelled: 'annulée', deleted: 'supprimée', active: 'active' } as const;

/** Every draw must still sell now (same day, open): otherwise the ticket's fate is sealed. */
function requireOpenDraws(states: DrawState[], what: string) {
  const closed = states.find((s) => !s.is_open || !s.same_day);
  if (closed) throw conflict(`${what} impossible : le tirage ${closed.name} est fermé.`);
}

/** An agent cancels its own ticket, within the company's window and before its draws close. */
export async function cancelByAgent(database: Database, ctx: RequestContext, id: number): Promise<FicheView> {
  const auth = authOf(ctx);
  const companyId = auth.ownCompanyId as number;
  return database.transaction(async (tx) => {
    // Blocked means blocked: no money moves at a blocked point of sale, whatever its session says; nor
    // from a device revoked since the session was read (its state re-read, shared-locked, till commit).
    await execute(tx, sql`SELECT borlette_payer_guard(${companyId}, ${auth.userId}, 'cancel', ${auth.terminalId})`);
    const row = await lockFiche(tx, companyId, id);
    if (row.agent_id !== auth.userId) throw notFound('Fiche introuvable.');
    const agent = await firstRow(
      tx,
      z.object({ can_cancel: z.boolean() }),
      sql`SELECT can_cancel FROM users WHERE id = ${auth.userId}`,
    );
    if (!agent?.can_cancel)
      throw new AppError(403, 'CANCEL_NOT_ALLOWED', 'Vous n’êtes pas autorisé à annuler des fiches.');
    if (row.status !== 'active') throw conflict(`Cette fiche est déjà ${STATUS_WORD[row.status]}.`);
    if (!row.cancel_open) throw conflict('Le délai d’annulation de cette fiche est dépassé.');
    requireOpenDraws(await drawStates(tx, row), 'Annulation');
    await execute(
      tx,
      sql`UPDATE fiches SET status = 'cancelled', status_at = now(), status_by = ${auth.userId}, status_reason = NULL WHERE id = ${row.id}`,
    );
    await execute(tx, sql`SELECT borlette_count(${companyId}, ${row.id}, -1, false)`);
    await execute(tx, sql`SELECT borlette_book_ticket(${companyId}, ${row.id}, -1, ${authOf(ctx).userId})`);
    await audit(tx, ctx, {
      action: 'cancel',
      entity: 'fiche',
      entityId: row.id,
      companyId,
      before: { status: row.status },
      after: { status: 'cancelled' },
    });
    return view(tx, row.id);
  });
}

/** The back office deletes a ticket (with a reason) before any of its results. */
export async function deleteFiche(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  reason: string,
) {
  return database.transaction(async (tx) => {
    const row = await lockFiche(tx, companyId, id);
    if (row.status !== 'active') throw conflict(`Cette fiche est déjà ${STATUS_WORD[row.status]}.`);
    const withResult = (await drawStates(tx, row)).find((s) => s.has_result);
    if (withResult) throw conflict(`Suppression impossible : le tirage ${withResult.name} a déjà ses résultats.`);
    await execute(
      tx,
      sql`UPDATE fiches SET status = 'deleted', status_at = now(), status_by = ${authOf(ctx).userId}, status_reason = ${reason} WHERE id = ${row.id}`,
    );
    await execute(tx, sql`SELECT borlette_count(${companyId}, ${row.id}, -1, false)`);
    await execute(tx, sql`SELECT borlette_book_ticket(${companyId}, ${row.id}, -1, ${authOf(ctx).userId})`);
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'fiche',
      entityId: row.id,
      companyId,
      before: { status: row.status },
      after: { status: 'deleted', reason },
    });
    return view(tx, row.id);
  });
}

/** A cancelled or deleted ticket sells again: its draws must be open and the limits must allow it. */
export async function reactivateFiche(database: Database, ctx: RequestContext, companyId: number, id: number) {
  return database.transaction(async (tx) => {
    const row = await lockFiche(tx, companyId, id);
    if (row.status === 'active') throw conflict('Cette fiche est déjà active.');
    requireOpenDraws(await drawStates(tx, row), 'Réactivation');
    await execute(
      tx,
      sql`UPDATE fiches SET status = 'active', status_at = now(), status_by = ${authOf(ctx).userId} WHERE id = ${row.id}`,
    );
    // Raises LIMIT_EXCEEDED (409, what is left) when the numbers sold meanwhile leave no room.
    await execute(tx, sql`SELECT borlette_count(${companyId}, ${row.id}, 1, true)`);
    await execute(tx, sql`SELECT borlette_book_ticket(${companyId}, ${row.id}, 1, ${authOf(ctx).userId})`);
    await audit(tx, ctx, {
      action: 'reactivate',
      entity: 'fiche',
      entityId: row.id,
      companyId,
      before: { status: row.status },
      after: { status: 'active' },
    });
    return view(tx, row.id);
  });
}

export async function setFicheBlocked(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return database.transaction(async (tx) => {
    const row = await lockFiche(tx, companyId, id);
    if (row.blocked === blocked)
      throw conflict(blocked ? 'Cette fiche est déjà bloquée.' : 'Cette fiche n’est pas bloquée.');
    if (blocked && row.paid_at) throw conflict('Cette fiche est déjà payée : elle ne peut plus être bloquée.');
    if (blocked && row.status !== 'active')
      throw conflict(`Cette fiche est ${STATUS_WORD[row.status]} : elle ne peut pas être bloquée.`);
    await execute(tx, sql`UPDATE fiches SET blocked = ${blocked} WHERE id = ${row.id}`);
    await audit(tx, ctx, {
      action: blocked ? 'block' : 'unblock',
      entity: 'fiche',
      entityId: row.id,
      companyId,
      before: { blocked: row.blocked },
      after: { blocked },
    });
    return view(tx, row.id);
  });
}

/**
 * Pays a winning ticket once, whoever tries at the same instant: the UPDATE … WHERE paid_at IS NULL
 * lets one transaction through; the other finds it paid. The payer is the agent at its point of sale
 * (it proved it holds the receipt: pay-proof.ts) or a back-office user holding pay_fiche. A blocked
 * payer, company or sub-branch, or a pending or revoked device, is refused first (borlette_payer_guard; borlette_pay checks it again,
 * with the company's rule on other sub-branches' tickets).
 */
export async function payFiche(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  ficheId: number,
): Promise<FicheView> {
  const auth = authOf(ctx);
  return database.transaction(async (tx) => {
    // The agent's device too (the back office has none): re-read shared-locked, so a revocation
    // committed after the session was read still stops this payment.
    await execute(tx, sql`SELECT borlette_payer_guard(${companyId}, ${auth.userId}, 'pay', ${auth.terminalId})`);
    const row = await lockFiche(tx, companyId, ficheId);
    if (row.status !== 'active')
      throw conflict(`Cette fiche a été ${STATUS_WORD[row.status]} : elle ne peut pas être payée.`);
    if (row.paid_at) {
      throw conflict(
        `Cette fiche a déjà été payée le ${row.paid_at}${row.paid_by_name ? ` par ${row.paid_by_name}` : ''}.`,
      );
    }
    if (row.blocked)
      throw conflict('Cette fiche est bloquée : elle ne peut pas être payée. Contactez l’administration.');
    const pending = (await drawStates(tx, row)).find((s) => !s.has_result);
    if (pending) throw conflict(`Les résultats du tirage ${pending.name} ne sont pas encore connus.`);
    if (row.win_amount <= 0) throw conflict('Cette fiche n’est pas gagnante.');
    if (row.expired) throw conflict(`Le délai de paiement est dépassé (payable jusqu’au ${row.expires_on}).`);
    // The ticket, its payment per draw, the payer's ledger entry and the day's summaries.
    const { paid } = await oneRow(
      tx,
      z.object({ paid: money.nullable() }),
      sql`SELECT borlette_pay(${companyId}, ${row.id}, ${auth.userId}) AS paid`,
    );
    if (paid === null) throw conflict('Cette fiche vient d’être payée.');
    await audit(tx, ctx, {
      action: 'pay',
      entity: 'fiche',
      entityId: row.id,
      companyId,
      after: { number: row.number, amount: paid },
    });
    return view(tx, row.id);
  });
}

/** The agent prints its ticket again: counted and recorded (a receipt printed twice is visible). */
export async function reprintFiche(database: Database, ctx: RequestContext, id: number): Promise<FicheView> {
  const auth = authOf(ctx);
  const companyId = auth.ownCompanyId as number;
  return database.transaction(async (tx) => {
    const printed = await firstRow(
      tx,
      z.object({ id: z.number().int(), print_count: z.number().int() }),
      sql`UPDATE fiches SET print_count = print_count + 1 WHERE company_id = ${companyId} AND id = ${id} AND agent_id = ${auth.userId}
       RETURNING id, print_count`,
    );
    if (!printed) throw notFound('Fiche introuvable.');
    await audit(tx, ctx, {
      action: 'reprint',
      entity: 'fiche',
      entityId: id,
      companyId,
      after: { print_count: printed.print_count },
    });
    return view(tx, id);
  });
}

export { view as ficheView };
