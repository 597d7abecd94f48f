import type { billingSettings, Invoice } from '@borlette/shared/contracts/billing';
import { centimesText, money } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, type Sql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import {
  type CompanyScope,
  findInvoiceOfMonth,
  PLATFORM_CURRENCY,
  readBillingSettings,
  scopeWhere,
} from './invoices-query';

/**
 * Invoices of the platform to its companies (docs/domain.md « Platform billing »).
 *
 * - A billing period is one calendar month (the ladder is a price per active agent and per month):
 *   a date range selects every month it touches; the default is the current month (UTC).
 * - Active agents of a month: agents with `stats_agent_day.tickets > 0` on one of its business days
 *   (the summaries the sale maintains; a ticket cancelled or deleted no longer counts).
 * - Price per agent: the company's ladder tier of that count (`company_settings.billing_prices`).
 * - The invoice is created when there is something to bill, and brought up to date at every read
 *   (`refreshInvoices`) until it is paid: a paid invoice is never recomputed. An invoice that falls
 *   back to nothing to bill (every ticket of the month deleted, a free tier) becomes `cancelled`,
 *   which never blocks the sale, and comes back `unpaid` if it has something to bill again.
 * - Due date: the last day of the period; the company's `billing_grace_days` (15 by default) then
 *   run before the sale stops (the SQL sale refuses when due_date + grace < the company's today).
 * - Number: FAC-<YYYYMM>-<company ref>-<invoice id>.
 * - Computing invoices is derived data, like the sale's summaries: it is not audited (every list would
 *   write entries); payments, checkouts and billing settings are.
 */

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The first day of the month of a 'YYYY-MM-DD'. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The last day of the month of a 'YYYY-MM-DD'. */
export function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The months (first days) a query's range touches; default: the current month (UTC). */
export function periodMonths(q: { start_date?: string; end_date?: string }, now = new Date()) {
  const start = q.start_date ?? q.end_date ?? todayUtc(now);
  const end = q.end_date ?? (q.start_date ? monthEnd(start) : start);
  return { from: monthStart(start), to: monthStart(end) };
}

/** The one month a payment's range designates (start and end in the same month). */
export function singleMonth(q: { start_date?: string; end_date?: string }, now = new Date()): string {
  const { from, to } = periodMonths(q, now);
  if (from !== to) {
    throw badRequest('Une facture couvre un mois : choisissez des dates du même mois.', {
      end_date: 'La période d’une facture est un seul mois',
    });
  }
  return from;
}

/**
 * Creates or brings up to date the invoices of the months [from, to] (first days) for the companies
 * in scope, in one statement. Paid invoices are left alone; rows are written only when a value
 * changes. Safe to run concurrently (N instances, parallel requests): a new invoice is inserted once
 * (unique company + period), and an update re-checks its condition on the locked row.
 */
export async function refreshInvoices(raw: RawClient, scope: CompanyScope, from: string, to: string): Promise<void> {
  const statement = refreshSql(scope, from, to);
  for (let attempt = 1; ; attempt++) {
    try {
      await execute(raw, statement);
      return;
    } catch (err) {
      // Two refreshes updating the same invoices in another order: PostgreSQL aborts one; its work
      // is idempotent, so it simply runs again.
      if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
    }
  }
}

function refreshSql(scope: CompanyScope, from: string, to: string): Sql {
  return sql`WITH months AS (
       SELECT m::date AS ps, (m + interval '1 month' - interval '1 day')::date AS pe
         FROM generate_series(${from}::date, ${to}::date, interval '1 month') m
     ), counted AS (
       SELECT c.id AS company_id, c.ref_code, cs.billing_prices, m.ps, m.pe,
              (SELECT count(DISTINCT d.agent_id) FROM stats_agent_day d
                WHERE d.company_id = c.id AND d.business_date BETWEEN m.ps AND m.pe AND d.tickets > 0)::int AS n
         FROM companies c JOIN countries k ON k.id = c.country_id
         JOIN company_settings cs ON cs.company_id = c.id
        CROSS JOIN months m
        WHERE ${scopeWhere(scope)}
     ), priced AS (
       SELECT t.*, t.n * t.price AS amount
         FROM (SELECT c.*, coalesce((SELECT (p->>'price')::bigint FROM jsonb_array_elements(c.billing_prices) p
                                      WHERE (p->>'min')::int <= c.n ORDER BY (p->>'min')::int DESC LIMIT 1), 0) AS price
                 FROM counted c) t
     ), target AS (
       SELECT p.*, i.id AS invoice_id, i.status AS old_status,
              CASE WHEN p.amount = 0 THEN 'cancelled'
                   WHEN (SELECT coalesce(sum(cp.amount), 0) FROM company_payments cp
                          WHERE cp.invoice_id = i.id AND cp.status = 'confirmed') >= p.amount THEN 'paid'
                   ELSE 'unpaid' END AS new_status
         FROM priced p
         LEFT JOIN invoices i ON i.company_id = p.company_id AND i.period_start = p.ps AND i.period_end = p.pe
     ), updated AS (
       UPDATE invoices i
          SET active_agents = t.n, price_per_agent = t.price, amount = t.amount, status = t.new_status,
              paid_at = CASE WHEN t.new_status = 'paid' THEN now() END, updated_at = now()
         FROM target t
        WHERE i.id = t.invoice_id AND t.old_status <> 'paid' AND i.status <> 'paid'
          AND (i.active_agents, i.price_per_agent, i.amount, i.status)
              IS DISTINCT FROM (t.n, t.price, t.amount, t.new_status)
       RETURNING i.id
     )
     INSERT INTO invoices (id, company_id, number, period_start, period_end, active_agents, price_per_agent, amount,
                           currency, status, due_date)
     OVERRIDING SYSTEM VALUE
     SELECT x.id, x.company_id, 'FAC-' || to_char(x.ps, 'YYYYMM') || '-' || x.ref_code || '-' || x.id,
            x.ps, x.pe, x.n, x.price, x.amount, ${PLATFORM_CURRENCY}, 'unpaid', x.pe
       FROM (SELECT nextval(pg_get_serial_sequence('invoices', 'id')) AS id, t.*
               FROM target t WHERE t.invoice_id IS NULL AND t.amount > 0) x
     ON CONFLICT DO NOTHING`;
}

/** The month before the current one (UTC), as its first day. */
export function lastMonth(now = new Date()): string {
  const first = Date.parse(`${monthStart(todayUtc(now))}T00:00:00Z`);
  return monthStart(new Date(first - 86_400_000).toISOString());
}

/**
 * Last month's invoices of every company, brought up to date (the server runs it on a timer): a
 * company that nobody looked at is still invoiced, and blocked once past its grace.
 */
export async function invoiceLastMonth(raw: RawClient, now = new Date()): Promise<string> {
  const month = lastMonth(now);
  await refreshInvoices(raw, { countryCode: null }, month, month);
  return month;
}

/** The invoice of a company for the month starting `month` (after bringing it up to date), if any. */
export async function invoiceOfMonth(raw: RawClient, companyId: number, month: string): Promise<Invoice | undefined> {
  await refreshInvoices(raw, { ids: [companyId] }, month, month);
  return findInvoiceOfMonth(raw, companyId, month);
}

const dueRow = z.object({ due: money });

/** What is still due on an invoice: its amount less its confirmed payments. */
export async function remainingDue(raw: RawClient, invoiceId: number, exceptPaymentId: number | null = null) {
  const row = await firstRow(
    raw,
    dueRow,
    sql`SELECT (i.amount - coalesce((SELECT sum(p.amount) FROM company_payments p
                                   WHERE p.invoice_id = i.id AND p.status = 'confirmed'
                                     AND p.id <> coalesce(${exceptPaymentId}::bigint, 0)), 0))::bigint AS due
       FROM invoices i WHERE i.id = ${invoiceId}`,
  );
  return row?.due ?? 0;
}

const statusRow = z.object({ status: z.enum(['paid', 'unpaid', 'cancelled']) });

/**
 * The invoice's status from its confirmed payments: paid when they cover its amount (paid_at: the
 * last of them), unpaid otherwise (a cancelled payment reopens it). Call it in the payment's
 * transaction, after locking the invoice. A cancelled invoice (nothing to bill) stays cancelled.
 */
export async function settleInvoice(tx: RawClient, invoiceId: number): Promise<'paid' | 'unpaid' | 'cancelled'> {
  const row = await oneRow(
    tx,
    statusRow,
    sql`UPDATE invoices i
        SET status = CASE WHEN i.status = 'cancelled' THEN 'cancelled'
                          WHEN p.total >= i.amount THEN 'paid' ELSE 'unpaid' END,
            paid_at = CASE WHEN i.status <> 'cancelled' AND p.total >= i.amount THEN p.last END,
            updated_at = now()
       FROM (SELECT coalesce(sum(amount), 0)::bigint AS total, max(paid_at) AS last
               FROM company_payments WHERE invoice_id = ${invoiceId} AND status = 'confirmed') p
      WHERE i.id = ${invoiceId}
      RETURNING i.status`,
  );
  return row.status;
}

const lockedRow = z.object({
  id: z.number(),
  company_id: z.number(),
  number: z.string(),
  amount: money,
  currency: z.string(),
  status: z.enum(['paid', 'unpaid', 'cancelled']),
});

/** Locks an invoice row for the rest of the transaction and answers it. */
export async function lockInvoice(tx: RawClient, invoiceId: number) {
  return firstRow(
    tx,
    lockedRow,
    sql`SELECT id, company_id, number, amount, currency, status FROM invoices WHERE id = ${invoiceId} FOR UPDATE`,
  );
}

/** 1234567 -> « 12 345,67 USD » (ordinary spaces: the PDF's standard fonts have no narrow space). */
export function formatMoney(minor: number, currency: string): string {
  return `${centimesText(minor, { group: ' ' })} ${currency}`; // exact past 2^53 (contracts/money.ts)
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Changes a company's price ladder and grace, with its audit entry; answers the settings as stored. */
export async function updateBillingSettings(
  database: Database,
  ctx: RequestContext,
  input: z.output<typeof billingSettings>,
) {
  const before = await readBillingSettings(database.raw, input.company_id);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`UPDATE company_settings SET billing_prices = ${JSON.stringify(input.prices)}::jsonb,
             billing_grace_days = ${input.billing_grace_days}, updated_at = now()
        WHERE company_id = ${input.company_id}`,
    );
    await audit(tx, ctx, {
      action: 'update',
      entity: 'billing_settings',
      entityId: input.company_id,
      companyId: input.company_id,
      before,
      after: input,
    });
  });
  return readBillingSettings(database.raw, input.company_id);
}
