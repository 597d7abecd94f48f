import type { CompanyPayment, companyPaymentInput, companyPaymentUpdate } from '@borlette/shared/contracts/billing';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, oneRow, type Sql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { formatMoney, lockInvoice, remainingDue, settleInvoice } from './invoices.service';
import { PLATFORM_CURRENCY } from './invoices-query';
import { assertCompanyInScope, getPayment } from './payments-query';

/**
 * The payment history (historics-payment): the platform's record of what companies paid. Online
 * payments are written by their provider's confirmation (checkout.service `confirmCheckout`) and cannot be changed
 * or deleted here; payments entered by hand (cash, transfer, other) can be corrected and cancelled
 * (DELETE = cancel: the row stays, with status cancelled, and its invoice is reopened).
 * An invoice is paid when its confirmed payments cover its amount (invoices.service `settleInvoice`).
 */

type Input = z.output<typeof companyPaymentInput>;
type Update = z.output<typeof companyPaymentUpdate>;

export const ONLINE_METHODS: readonly string[] = ['sandbox', 'moncash'];

const idRow = z.object({ id: z.number() });

/** A day of the form -> the instant stored (midday UTC: the same date in every zone of the companies). */
const dayAt = (day: string): Sql => sql`(${day}::date + time '12:00')::timestamp AT TIME ZONE 'UTC'`;

/**
 * Checks that a confirmed manual payment fits its invoice (locked by the caller): same company, not
 * cancelled, not already covered, and no more than what is still due. Returns the currency to record.
 */
async function checkAgainstInvoice(
  tx: RawClient,
  v: { companyId: number; invoiceId: number; amount: number; exceptPaymentId: number | null },
): Promise<string> {
  const inv = await lockInvoice(tx, v.invoiceId);
  if (!inv || inv.company_id !== v.companyId) {
    throw badRequest('Facture introuvable pour cette compagnie.', {
      invoice_id: 'Facture introuvable pour cette compagnie',
    });
  }
  if (inv.status === 'cancelled') {
    throw new AppError(
      409,
      'INVOICE_CANCELLED',
      'Cette facture est annulée (rien à facturer) : aucun paiement à saisir.',
    );
  }
  const due = await remainingDue(tx, inv.id, v.exceptPaymentId);
  if (due <= 0) throw new AppError(409, 'INVOICE_PAID', `La facture ${inv.number} est déjà payée.`);
  if (v.amount > due) {
    const message = `Le montant dépasse le reste à payer de la facture (${formatMoney(due, inv.currency)}).`;
    throw badRequest(message, { amount: message });
  }
  return inv.currency;
}

export async function createPayment(database: Database, ctx: RequestContext, input: Input) {
  await assertCompanyInScope(database.raw, ctx, input.company_id);
  const id = await database.transaction(async (tx) => {
    const currency = input.invoice_id
      ? await checkAgainstInvoice(tx, {
          companyId: input.company_id,
          invoiceId: input.invoice_id,
          amount: input.amount,
          exceptPaymentId: null,
        })
      : PLATFORM_CURRENCY;
    const row = await oneRow(
      tx,
      idRow,
      sql`INSERT INTO company_payments (company_id, invoice_id, amount, currency, method, reference, paid_at, note, created_by)
       VALUES (${input.company_id}, ${input.invoice_id}, ${input.amount}, ${currency}, ${input.method}, ${input.reference},
               ${dayAt(input.paid_at)}, ${input.note}, ${authOf(ctx).userId}) RETURNING id`,
    );
    const invoiceStatus = input.invoice_id ? await settleInvoice(tx, input.invoice_id) : null;
    await audit(tx, ctx, {
      action: 'create',
      entity: 'company_payment',
      entityId: row.id,
      companyId: input.company_id,
      after: { ...input, currency, invoice_status: invoiceStatus },
    });
    return row.id;
  });
  return getPayment(database.raw, ctx, id);
}

function refuseOnline(p: CompanyPayment, verb: string) {
  if (ONLINE_METHODS.includes(p.method)) {
    throw new AppError(
      409,
      'ONLINE_PAYMENT',
      `Un paiement en ligne (${p.method}) ne peut pas être ${verb} : il a été confirmé par son fournisseur.`,
    );
  }
}

/** Locks the invoices in id order (no deadlock between two edits touching the same two). */
async function lockInvoices(tx: RawClient, ids: (number | null)[]) {
  const unique = [...new Set(ids.filter((x): x is number => x !== null))].sort((a, b) => a - b);
  for (const id of unique) await lockInvoice(tx, id);
  return unique;
}

export async function updatePayment(database: Database, ctx: RequestContext, input: Update) {
  const before = await getPayment(database.raw, ctx, input.id);
  refuseOnline(before, 'modifié');
  if (input.company_id !== before.company_id) {
    throw badRequest('Un paiement reste à sa compagnie : annulez-le et saisissez-en un autre.', {
      company_id: 'La compagnie d’un paiement ne change pas',
    });
  }
  const status = input.status ?? before.status;
  await database.transaction(async (tx) => {
    const touched = await lockInvoices(tx, [before.invoice_id, input.invoice_id]);
    let currency = PLATFORM_CURRENCY;
    if (input.invoice_id && status === 'confirmed') {
      currency = await checkAgainstInvoice(tx, {
        companyId: before.company_id,
        invoiceId: input.invoice_id,
        amount: input.amount,
        exceptPaymentId: before.id,
      });
    } else if (input.invoice_id) {
      const inv = await lockInvoice(tx, input.invoice_id);
      if (!inv || inv.company_id !== before.company_id) {
        throw badRequest('Facture introuvable pour cette compagnie.', {
          invoice_id: 'Facture introuvable pour cette compagnie',
        });
      }
      currency = inv.currency;
    }
    await execute(
      tx,
      sql`UPDATE company_payments
          SET invoice_id = ${input.invoice_id}, amount = ${input.amount}, currency = ${currency}, method = ${input.method},
              reference = ${input.reference}, paid_at = ${dayAt(input.paid_at)}, note = ${input.note}, status = ${status},
              updated_at = now()
        WHERE id = ${before.id}`,
    );
    for (const invoiceId of touched) await settleInvoice(tx, invoiceId);
    await audit(tx, ctx, {
      action: status === 'cancelled' && before.status !== 'cancelled' ? 'cancel' : 'update',
      entity: 'company_payment',
      entityId: before.id,
      companyId: before.company_id,
      before,
      after: { ...input, currency, status },
    });
  });
  return getPayment(database.raw, ctx, input.id);
}

/** DELETE: cancels a payment entered by hand (kept in the history) and reopens its invoice. */
export async function cancelPayment(database: Database, ctx: RequestContext, id: number) {
  const before = await getPayment(database.raw, ctx, id);
  refuseOnline(before, 'supprimé');
  if (before.status === 'cancelled') return;
  await database.transaction(async (tx) => {
    await lockInvoices(tx, [before.invoice_id]);
    await execute(
      tx,
      sql`UPDATE company_payments SET status = 'cancelled', updated_at = now() WHERE id = ${id} AND status = 'confirmed'`,
    );
    const invoiceStatus = before.invoice_id ? await settleInvoice(tx, before.invoice_id) : null;
    await audit(tx, ctx, {
      action: 'cancel',
      entity: 'company_payment',
      entityId: id,
      companyId: before.company_id,
      before,
      after: { status: 'cancelled', invoice_status: invoiceStatus },
    });
  });
}
