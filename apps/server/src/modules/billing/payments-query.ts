import { type CompanyPayment, companyPayment, type companyPaymentListQuery } from '@borlette/shared/contracts/billing';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { ListSource } from '../_lib/list';

/** The reads of the payment history (historics-payment): the list, one payment, a company in scope. */

type ListQ = z.output<typeof companyPaymentListQuery>;

const PAYMENT_COLUMNS = sql`
  p.id, p.company_id, c.name AS company_name, p.invoice_id, i.number AS invoice_number, p.amount, p.currency,
  p.method, p.reference, ${isoTime(sql`p.paid_at`)} AS paid_at, p.note, p.status, ${isoTime(sql`p.created_at`)} AS created_at`;
const PAYMENT_FROM = sql`FROM company_payments p JOIN companies c ON c.id = p.company_id
  JOIN countries k ON k.id = c.country_id LEFT JOIN invoices i ON i.id = p.invoice_id`;

/** The superuser's selected company, else the companies of its selected country (else all). */
function scopeConditions(ctx: HasAuth): Sql[] {
  const auth = authOf(ctx);
  if (auth.companyId !== null) return [sql`c.id = ${auth.companyId}`];
  if (auth.selectCountryCode) return [sql`k.name_code = ${auth.selectCountryCode}`];
  return [];
}

export function paymentList(
  ctx: HasAuth,
  q: ListQ,
): ListSource<typeof companyPayment, SortKey<typeof companyPaymentListQuery>> {
  const where = scopeConditions(ctx);
  if (q.company_id) where.push(sql`p.company_id = ${q.company_id}`);
  if (q.method) where.push(sql`p.method = ${q.method}`);
  if (q.start_date) where.push(sql`p.paid_at >= (${q.start_date}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (q.end_date) where.push(sql`p.paid_at < (${q.end_date}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return {
    row: companyPayment,
    select: PAYMENT_COLUMNS,
    from: PAYMENT_FROM,
    where,
    sortable: {
      paid_at: sql`p.paid_at`,
      amount: sql`p.amount`,
      company_name: sql`lower(c.name)`,
      method: sql`p.method`,
      status: sql`p.status`,
      invoice_number: sql`i.number`,
      created_at: sql`p.created_at`,
    },
    search: [sql`p.reference`, sql`p.note`, sql`c.name`, sql`c.ref_code`, sql`i.number`],
    tieBreaker: sql`p.id`,
  };
}

/** One payment the caller's scope covers (404 otherwise). */
export async function getPayment(raw: RawClient, ctx: HasAuth, id: number): Promise<CompanyPayment> {
  const where = joinSql([sql`p.id = ${id}`, ...scopeConditions(ctx)], ' AND ');
  const row = await firstRow(raw, companyPayment, sql`SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} WHERE ${where}`);
  if (!row) throw notFound('Paiement introuvable.');
  return row;
}

const foundRow = z.object({ found: z.number() });

/** 404 unless the company is in the caller's scope. */
export async function assertCompanyInScope(raw: RawClient, ctx: HasAuth, companyId: number): Promise<void> {
  const where = joinSql([sql`c.id = ${companyId}`, ...scopeConditions(ctx)], ' AND ');
  const found = await firstRow(
    raw,
    foundRow,
    sql`SELECT 1 AS found FROM companies c JOIN countries k ON k.id = c.country_id WHERE ${where}`,
  );
  if (!found) throw notFound('Compagnie introuvable.');
}
