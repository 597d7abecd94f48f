import { INVOICE_STATUSES } from '@borlette/shared/contracts/billing';
import { money } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, oneRow, sql } from '../../db/sql';
import type { ProviderName } from './providers';

/** The reads of online payments: a checkout with its invoice, and what the sandbox page shows. */

export const checkoutRow = z.object({
  id: z.string(),
  invoice_id: z.number(),
  company_id: z.number(),
  provider: z.enum(['sandbox', 'moncash']),
  amount: money,
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  order_ref: z.string(),
  transaction_id: z.string().nullable(),
  payment_id: z.number().nullable(),
  invoice_number: z.string(),
  invoice_status: z.enum(INVOICE_STATUSES),
});
export type CheckoutRow = z.output<typeof checkoutRow>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CHECKOUT_SELECT = sql`SELECT k.id, k.invoice_id, k.company_id, k.provider, k.amount, k.currency, k.status, k.order_ref,
       k.transaction_id, k.payment_id, i.number AS invoice_number, i.status AS invoice_status
  FROM payment_checkouts k JOIN invoices i ON i.id = k.invoice_id`;

/** A checkout of `provider` by its id (undefined for an unknown or malformed id). */
export async function findCheckout(
  raw: RawClient,
  provider: ProviderName,
  id: string,
): Promise<CheckoutRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return firstRow(raw, checkoutRow, sql`${CHECKOUT_SELECT} WHERE k.id = ${id} AND k.provider = ${provider}`);
}

const invoiceInfoRow = z.object({
  company_name: z.string(),
  company_ref: z.string(),
  period_start: z.string(),
  period_end: z.string(),
});

/** What the sandbox checkout page says of the invoice: its company and its period. */
export function checkoutInvoiceInfo(raw: RawClient, invoiceId: number) {
  return oneRow(
    raw,
    invoiceInfoRow,
    sql`SELECT c.name AS company_name, c.ref_code AS company_ref, to_char(i.period_start, 'YYYY-MM-DD') AS period_start,
                  to_char(i.period_end, 'YYYY-MM-DD') AS period_end
             FROM invoices i JOIN companies c ON c.id = i.company_id WHERE i.id = ${invoiceId}`,
  );
}
