import type { FicheView } from '@borlette/shared/contracts/fiches';
import type { FastifyRequest } from 'fastify';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, conflict, notFound } from '../../http/errors';

/**
 * The ticket's lifecycle after its sale (domain.md « Ticket lifecycle »): cancellation by its agent,
 * deletion / reactivation / blocking by the back office, payment. Each runs in one transaction that
 * holds the shared lock of the ticket's draws (a result cannot be settled in between), re-checks
 * every condition under that lock, and records an audit entry (the ticket's events).
 */

interface FicheRow {
  id: number;
  company_id: number;
  number: number;
  agent_id: number;
  status: 'active' | 'cancelled' | 'deleted';
  blocked: boolean;
  win_amount: number;
  paid_at: string | null;
  paid_amount: number | null;
  paid_by_name: string | null;
  sale_date: string;
  sold_at: string;
  expired: boolean;
  expires_on: string;
  cancel_open: boolean;
}

const FICHE_SELECT = `
  SELECT f.id, f.company_id, f.number, f.agent_id, f.status, f.blocked, f.win_amount, f.paid_amount,
         to_char(f.paid_at AT TIME ZONE c.timezone, 'DD/MM/YYYY HH24:MI') AS paid_at,
         (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.paid_by) AS paid_by_name,
         to_char(f.sale_date, 'YYYY-MM-DD') AS sale_date, f.sold_at,
         f.sale_date + cs.payout_validity_days < (now() AT TIME ZONE c.timezone)::date AS expired,
         to_char(f.sale_date + cs.payout_validity_days, 'DD/MM/YYYY') AS expires_on,
         now() <= f.sold_at + make_interval(mins => cs.cancel_window_minutes) AS cancel_open
    FROM fiches f
    JOIN companies c ON c.id = f.company_id
    JOIN company_settings cs ON cs.company_id = f.company_id`;

/** Locks the ticket's draws (shared, sorted) then reads the ticket row FOR UPDATE. */
async function lockFiche(tx: RawClient, companyId: number, where: string, value: number): Promise<FicheRow> {
  const [target] = await tx.query<{ id: number }>(`SELECT id FROM fiches WHERE company_id = $1 AND ${where} = $2`, [
    companyId,
    value,
  ]);
  if (!target) throw notFound('Fiche introuvable.');
  await tx.query(
    'SELECT borlette_lock_draws(array(SELECT tirage_id FROM fiche_tirages WHERE company_id = $1 AND fiche_id = $2), false)',
    [companyId, target.id],
  );
  const [row] = await tx.query<FicheRow>(`${FICHE_SELECT} WHERE f.id = $1 FOR UPDATE OF f`, [target.id]);
  return row;
}

interface DrawState {
  name: string;
  is_open: boolean;
  has_result: boolean;
  same_day: boolean;
}

async function drawStates(tx: RawClient, row: FicheRow): Promise<DrawState[]> {
  return tx.query<DrawState>(
    `SELECT t.name, s.is_open, s.draw_date = ft.draw_date AS same_day,
            EXISTS (SELECT 1 FROM info_tirages i WHERE i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                       AND i.draw_date = ft.draw_date) AS has_result
       FROM fiche_tirages ft
       JOIN tirages t ON t.id = ft.tirage_id
       CROSS JOIN LATERAL borlette_tirage_state(ft.tirage_id) s
      WHERE ft.company_id = $1 AND ft.fiche_id = $2
      ORDER BY t.name`,
    [row.company_id, row.id],
  );
}

async function view(raw: RawClient, id: number): Promise<FicheView> {
  const [r] = await raw.query<{ j: FicheView }>('SELECT borlette_fiche_json($1) AS j', [id]);
  return r.j;
}

const STATUS_WORD = { cancelled: 'annulée', deleted: 'supprimée', active: 'active' } as const;

/** Every draw must still sell now (same day, open): otherwise the ticket's fate is sealed. */
function requireOpenDraws(states: DrawState[], what: string) {
  const closed = states.find((s) => !s.is_open || !s.same_day);
  if (closed) throw conflict(`${what} impossible : le tirage ${closed.name} est fermé.`);
}

/** An agent cancels its own ticket, within the company's window and before its draws close. */
export async function cancelByAgent(database: Database, request: FastifyRequest, id: number): Promise<FicheView> {
  const auth = authOf(request);
  const companyId = auth.ownCompanyId as number;
  return database.transaction(async (tx) => {
    // Blocked means blocked: no money moves at a blocked point of sale, whatever its session says.
    await tx.query("SELECT borlette_payer_guard($1, $2, 'cancel')", [companyId, auth.userId]);
    const row = await lockFiche(tx, companyId, 'id', id);
    if (row.agent_id !== auth.userId) throw notFound('Fiche introuvable.');
    const [agent] = await tx.query<{ can_cancel: boolean }>('SELECT can_cancel FROM users WHERE id = $1', [
      auth.userId,
    ]);
    if (!agent?.can_cancel)
      throw new AppError(403, 'CANCEL_NOT_ALLOWED', 'Vous n’êtes pas autorisé à annuler des fiches.');
    if (row.status !== 'active') throw conflict(`Cette fiche est déjà ${STATUS_WORD[row.status]}.`);
    if (!row.cancel_open) throw conflict('Le délai d’annulation de cette fiche est dépassé.');
    requireOpenDraws(await drawStates(tx, row), 'Annulation');
    await tx.query(
      "UPDATE fiches SET status = 'cancelled', status_at = now(), status_by = $2, status_reason = NULL WHERE id = $1",
      [row.id, auth.userId],
    );
    await tx.query('SELECT borlette_count($1, $2, -1, false)', [companyId, row.id]);
    await tx.query('SELECT borlette_book_ticket($1, $2, -1, $3)', [companyId, row.id, authOf(request).userId]);
    await audit(tx, request, {
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
  request: FastifyRequest,
  companyId: number,
  id: number,
  reason: string,
) {
  return database.transaction(async (tx) => {
    const row = await lockFiche(tx, companyId, 'id', id);
    if (row.status !== 'active') throw conflict(`Cette fiche est déjà ${STATUS_WORD[row.status]}.`);
    const withResult = (await drawStates(tx, row)).find((s) => s.has_result);
    if (withResult) throw conflict(`Suppression impossible : le tirage ${withResult.name} a déjà ses résultats.`);
    await tx.query(
      "UPDATE fiches SET status = 'deleted', status_at = now(), status_by = $2, status_reason = $3 WHERE id = $1",
      [row.id, authOf(request).userId, reason],
    );
    await tx.query('SELECT borlette_count($1, $2, -1, false)', [companyId, row.id]);
    await tx.query('SELECT borlette_book_ticket($1, $2, -1, $3)', [companyId, row.id, authOf(request).userId]);
    await audit(tx, request, {
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
export async function reactivateFiche(database: Database, request: FastifyRequest, companyId: number, id: number) {
  return database.transaction(async (tx) => {
    const row = await lockFiche(tx, companyId, 'id', id);
    if (row.status === 'active') throw conflict('Cette fiche est déjà active.');
    requireOpenDraws(await drawStates(tx, row), 'Réactivation');
    await tx.query("UPDATE fiches SET status = 'active', status_at = now(), status_by = $2 WHERE id = $1", [
      row.id,
      authOf(request).userId,
    ]);
    // Raises LIMIT_EXCEEDED (409, what is left) when the numbers sold meanwhile leave no room.
    await tx.query('SELECT borlette_count($1, $2, 1, true)', [companyId, row.id]);
    await tx.query('SELECT borlette_book_ticket($1, $2, 1, $3)', [companyId, row.id, authOf(request).userId]);
    await audit(tx, request, {
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
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return database.transaction(async (tx) => {
    const row = await lockFiche(tx, companyId, 'id', id);
    if (row.blocked === blocked)
      throw conflict(blocked ? 'Cette fiche est déjà bloquée.' : 'Cette fiche n’est pas bloquée.');
    if (blocked && row.paid_at) throw conflict('Cette fiche est déjà payée : elle ne peut plus être bloquée.');
    if (blocked && row.status !== 'active')
      throw conflict(`Cette fiche est ${STATUS_WORD[row.status]} : elle ne peut pas être bloquée.`);
    await tx.query('UPDATE fiches SET blocked = $2 WHERE id = $1', [row.id, blocked]);
    await audit(tx, request, {
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
 * payer, company or sub-branch is refused first (borlette_payer_guard; borlette_pay checks it again,
 * with the company's rule on other sub-branches' tickets).
 */
export async function payFiche(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  ficheId: number,
): Promise<FicheView> {
  const auth = authOf(request);
  return database.transaction(async (tx) => {
    await tx.query("SELECT borlette_payer_guard($1, $2, 'pay')", [companyId, auth.userId]);
    const row = await lockFiche(tx, companyId, 'id', ficheId);
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
    const [{ paid }] = await tx.query<{ paid: number | null }>('SELECT borlette_pay($1, $2, $3) AS paid', [
      companyId,
      row.id,
      auth.userId,
    ]);
    if (paid === null) throw conflict('Cette fiche vient d’être payée.');
    await audit(tx, request, {
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
export async function reprintFiche(database: Database, request: FastifyRequest, id: number): Promise<FicheView> {
  const auth = authOf(request);
  const companyId = auth.ownCompanyId as number;
  return database.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; print_count: number }>(
      `UPDATE fiches SET print_count = print_count + 1 WHERE company_id = $1 AND id = $2 AND agent_id = $3
       RETURNING id, print_count`,
      [companyId, id, auth.userId],
    );
    if (!rows.length) throw notFound('Fiche introuvable.');
    await audit(tx, request, {
      action: 'reprint',
      entity: 'fiche',
      entityId: id,
      companyId,
      after: { print_count: rows[0].print_count },
    });
    return view(tx, id);
  });
}

export { view as ficheView };
