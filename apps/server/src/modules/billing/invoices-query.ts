import { type facturationsQuery, type Invoice, invoice } from '@borlette/shared/contracts/billing';
import type { ListQuery, SortKey } from '@borlette/shared/contracts/list';
import { money } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, oneRow, rows, type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import { type ListSource, sourceWhere } from '../_lib/list';
import { orNotFound } from '../_lib/scope';

/** The reads of platform billing: invoices (list, totals, one, what its PDF prints) and a company's ladder. */

/** The platform's currency: the ladders are in its minor units (US cents). */
export const PLATFORM_CURRENCY = 'USD';

/** An instant as the API writes it (UTC, ISO 8601). */
const dayText = (col: Sql) => sql`to_char(${col}, 'YYYY-MM-DD')`;

/** Which companies a billing request covers: explicit ids, or every company of a country (null: all). */
export type CompanyScope = { ids: number[] } | { countryCode: string | null };

/** The scope as a condition on `companies c JOIN countries k`. */
export function scopeWhere(scope: CompanyScope): Sql {
  if ('ids' in scope) return sql`c.id = ANY(${scope.ids}::bigint[])`;
  return scope.countryCode === null ? sql`true` : sql`k.name_code = ${scope.countryCode}`;
}

const companyRow = z.object({ id: z.number(), ref_code: z.string(), name: z.string() });

/** A company by its ref_code, within the superuser's selected country (404 otherwise). */
export async function companyByRef(
  raw: RawClient,
  ref: string,
  countryCode: string | null,
): Promise<{ id: number; ref_code: string; name: string }> {
  const row = await firstRow(
    raw,
    companyRow,
    sql`SELECT c.id, c.ref_code, c.name FROM companies c JOIN countries k ON k.id = c.country_id
      WHERE upper(c.ref_code) = upper(${ref}) AND (${countryCode}::text IS NULL OR k.name_code = ${countryCode}::text)`,
  );
  if (!row) throw notFound('Compagnie introuvable.');
  return row;
}

/**
 * The companies of an invoices query: `which = 'company'` is the selected company alone; otherwise
 * `company` (a ref_code) or every company of the selected country.
 */
export async function invoiceScope(
  ctx: HasAuth,
  raw: RawClient,
  q: { company?: string; which: 'superuser' | 'company' },
): Promise<CompanyScope> {
  const auth = authOf(ctx);
  if (q.which === 'company') {
    if (auth.companyId === null) {
      throw new AppError(
        409,
        'COMPANY_REQUIRED',
        'Sélectionnez une compagnie (et non « Toutes ») pour voir sa facture.',
      );
    }
    if (q.company) {
      const c = await companyByRef(raw, q.company, null);
      if (c.id !== auth.companyId) throw notFound('Compagnie introuvable.');
    }
    return { ids: [auth.companyId] };
  }
  if (q.company) return { ids: [(await companyByRef(raw, q.company, auth.selectCountryCode)).id] };
  return { countryCode: auth.selectCountryCode };
}

const INVOICE_COLUMNS = sql`
  i.id, i.number, i.company_id, c.ref_code AS company_ref, c.name AS company_name,
  ${dayText(sql`i.period_start`)} AS period_start, ${dayText(sql`i.period_end`)} AS period_end, i.active_agents,
  i.price_per_agent, i.amount, i.currency, i.status,
  (i.status = 'unpaid' AND i.due_date + cs.billing_grace_days < (now() AT TIME ZONE c.timezone)::date) AS overdue,
  ${isoTime(sql`i.issued_at`)} AS issued_at, ${dayText(sql`i.due_date`)} AS due_date, ${isoTime(sql`i.paid_at`)} AS paid_at`;
const INVOICE_FROM = sql`FROM invoices i JOIN companies c ON c.id = i.company_id
  JOIN countries k ON k.id = c.country_id JOIN company_settings cs ON cs.company_id = c.id`;

type InvoiceFilters = Pick<z.output<typeof facturationsQuery>, 'status'>;

/** The invoices of the months [from, to] (first days) for the scope. */
export function invoiceList(
  scope: CompanyScope,
  from: string,
  to: string,
  q: InvoiceFilters,
): ListSource<typeof invoice, SortKey<typeof facturationsQuery>> {
  const where = [scopeWhere(scope), sql`i.period_start BETWEEN ${from}::date AND ${to}::date`];
  if (q.status) where.push(sql`i.status = ${q.status}`);
  return {
    row: invoice,
    select: INVOICE_COLUMNS,
    from: INVOICE_FROM,
    where,
    sortable: {
      company_name: sql`lower(c.name)`,
      number: sql`i.number`,
      period_start: sql`i.period_start`,
      active_agents: sql`i.active_agents`,
      amount: sql`i.amount`,
      status: sql`i.status`,
      due_date: sql`i.due_date`,
      paid_at: sql`i.paid_at`,
    },
    search: [sql`i.number`, sql`c.name`, sql`c.ref_code`],
    tieBreaker: sql`i.id`,
  };
}

const totalsRow = z.object({ amount: money, paid: money, unpaid: money });

/** Totals of every invoice of the list (not only the page). */
export async function invoiceTotals(raw: RawClient, list: ListSource<typeof invoice>, q: ListQuery) {
  const row = await oneRow(
    raw,
    totalsRow,
    sql`SELECT coalesce(sum(i.amount), 0)::bigint AS amount,
            coalesce(sum(i.amount) FILTER (WHERE i.status = 'paid'), 0)::bigint AS paid,
            coalesce(sum(i.amount) FILTER (WHERE i.status = 'unpaid'), 0)::bigint AS unpaid
       ${list.from} ${sourceWhere(list, q)}`,
  );
  return { ...row, currency: PLATFORM_CURRENCY };
}

export async function getInvoice(raw: RawClient, id: number): Promise<Invoice> {
  const row = await firstRow(raw, invoice, sql`SELECT ${INVOICE_COLUMNS} ${INVOICE_FROM} WHERE i.id = ${id}`);
  return orNotFound(row, 'Facture introuvable.');
}

/** The invoice of a company for the month starting `month`, if any (as it is: see invoiceOfMonth). */
export function findInvoiceOfMonth(raw: RawClient, companyId: number, month: string): Promise<Invoice | undefined> {
  return firstRow(
    raw,
    invoice,
    sql`SELECT ${INVOICE_COLUMNS} ${INVOICE_FROM} WHERE i.company_id = ${companyId} AND i.period_start = ${month}::date`,
  );
}

const pdfCompanyRow = z.object({
  name: z.string(),
  ref_code: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city_name: z.string().nullable(),
  country_name: z.string(),
  grace: z.number(),
});
const pdfPaymentRow = z.object({
  paid_at: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  amount: money,
  currency: z.string(),
});

/** What an invoice's PDF prints besides the invoice: its company, its grace and its confirmed payments. */
export async function invoicePrintout(raw: RawClient, inv: Invoice) {
  const company = await oneRow(
    raw,
    pdfCompanyRow,
    sql`SELECT c.name, c.ref_code, c.address, c.phone, c.email, ci.name AS city_name, k.name AS country_name,
                  cs.billing_grace_days AS grace
             FROM companies c JOIN countries k ON k.id = c.country_id LEFT JOIN cities ci ON ci.id = c.city_id
             JOIN company_settings cs ON cs.company_id = c.id
            WHERE c.id = ${inv.company_id}`,
  );
  const payments = await rows(
    raw,
    pdfPaymentRow,
    sql`SELECT ${isoTime(sql`paid_at`)} AS paid_at, method, reference, amount, currency
             FROM company_payments WHERE invoice_id = ${inv.id} AND status = 'confirmed' ORDER BY paid_at, id`,
  );
  return { company, invoice: inv, graceDays: company.grace, payments };
}

const settingsRow = z.object({
  company_id: z.number(),
  prices: z.array(z.object({ min: z.number(), price: money })),
  billing_grace_days: z.number(),
});
export type BillingSettingsRow = z.output<typeof settingsRow>;

/** A company's price ladder and grace (404 for an unknown company). */
export async function readBillingSettings(raw: RawClient, companyId: number): Promise<BillingSettingsRow> {
  const row = await firstRow(
    raw,
    settingsRow,
    sql`SELECT company_id, billing_prices AS prices, billing_grace_days FROM company_settings WHERE company_id = ${companyId}`,
  );
  if (!row) throw notFound('Compagnie introuvable.');
  return row;
}
