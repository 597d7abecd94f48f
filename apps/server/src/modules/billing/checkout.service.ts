import { randomUUID } from 'node:crypto';
import type { payFacturationQuery } from '@borlette/shared/contracts/billing';
import type { ErrorCode } from '@borlette/shared/error-codes';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, firstRow, oneRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { isUniqueViolation } from '../_lib/validate';
import { CHECKOUT_SELECT, type CheckoutRow, checkoutRow, UUID } from './checkout-query';
import { formatMoney, invoiceOfMonth, lockInvoice, remainingDue, settleInvoice, singleMonth } from './invoices.service';
import { companyByRef } from './invoices-query';
import type { ProviderName, Providers } from './providers';

type PayQuery = z.output<typeof payFacturationQuery>;

const mismatch = (field: 'amount' | 'nb_agent', message: string) =>
  new AppError(409, 'INVOICE_CHANGED', message, { [field]: message });

/**
 * pay-facturations: the company's invoice for the month of the range (brought up to date first),
 * checked against what the page showed (its amount — or what is left of it after a partial payment
 * entered by hand — and its active agents: a stale page is refused rather than charging another
 * amount), then a pending checkout at the provider for what is left to pay; answers the URL of the
 * provider's page. The checkout is written before the provider is called (MonCash needs our
 * order reference) and marked failed if the provider refuses.
 */
export async function startPayment(
  database: Database,
  providers: Providers,
  ctx: RequestContext,
  q: PayQuery,
): Promise<{ url: string; checkout_id: string }> {
  const { raw } = database;
  const auth = authOf(ctx);
  const company = await companyByRef(raw, q.company, auth.selectCountryCode);
  if (q.which === 'company' && auth.companyId !== null && auth.companyId !== company.id) {
    throw notFound('Compagnie introuvable.');
  }
  const month = singleMonth(q);
  const invoice = await invoiceOfMonth(raw, company.id, month);
  if (!invoice || invoice.status === 'cancelled') {
    throw new AppError(409, 'NO_INVOICE', 'Rien à facturer pour cette période : aucun vendeur actif.');
  }
  if (invoice.status === 'paid')
    throw new AppError(409, 'INVOICE_PAID', `La facture ${invoice.number} est déjà payée.`);
  const due = await remainingDue(raw, invoice.id);
  if (due <= 0) throw new AppError(409, 'INVOICE_PAID', `La facture ${invoice.number} est déjà payée.`);
  if (q.nb_agent !== invoice.active_agents) {
    throw mismatch(
      'nb_agent',
      `La facture ${invoice.number} compte ${invoice.active_agents} vendeur(s) actif(s), pas ${q.nb_agent} : actualisez la page.`,
    );
  }
  // The page shows the invoice's amount; after a partial payment entered by hand, what is left.
  if (q.amount !== due && q.amount !== invoice.amount) {
    throw mismatch(
      'amount',
      `Le montant à payer pour la facture ${invoice.number} est ${formatMoney(due, invoice.currency)}, pas ${formatMoney(q.amount, invoice.currency)} : actualisez la page.`,
    );
  }
  const provider = providers.pick(q.provider);
  provider.assertAvailable(due, invoice.currency);

  const id = randomUUID();
  const orderRef = provider.newOrderRef(id);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`INSERT INTO payment_checkouts (id, invoice_id, company_id, provider, amount, currency, order_ref, created_by)
       VALUES (${id}, ${invoice.id}, ${company.id}, ${provider.name}, ${due}, ${invoice.currency}, ${orderRef}, ${auth.userId})`,
    );
    await audit(tx, ctx, {
      action: 'start',
      entity: 'payment_checkout',
      entityId: id,
      companyId: company.id,
      after: { invoice: invoice.number, provider: provider.name, amount: due, currency: invoice.currency },
    });
  });
  try {
    const url = await provider.start({
      id,
      orderRef,
      amount: due,
      currency: invoice.currency,
      invoiceNumber: invoice.number,
    });
    return { url, checkout_id: id };
  } catch (err) {
    await execute(raw, sql`UPDATE payment_checkouts SET status = 'failed' WHERE id = ${id} AND status = 'pending'`);
    throw err;
  }
}

/* ---- Online payments: the provider's confirmation, exactly once ---- */

const idRow = z.object({ id: z.string() });
const invoiceIdRow = z.object({ invoice_id: z.number() });
const paymentIdRow = z.object({ id: z.number() });

/** A refusal of a provider's confirmation: nothing was changed. */
export const paymentRefused = (message: string, code: ErrorCode = 'PAYMENT_REFUSED', status = 400) =>
  new AppError(status, code, message);

export interface Confirmation {
  provider: ProviderName;
  /** The checkout by its id (sandbox) or by our order reference (MonCash's `reference`). */
  checkout: { id: string } | { orderRef: string };
  /** The provider's transaction id (unique per provider). */
  transactionId: string;
  /** Checks of the provider on the locked checkout (signature, amount); throw to refuse. */
  verify: (checkout: CheckoutRow) => void;
  /** What the history notes about this payment (payer, amount charged). */
  note?: string | null;
  /**
   * When the invoice is already covered by another payment: refuse (sandbox: no money moved), or
   * record the payment anyway (a real provider took the money: the history shows it, to be refunded).
   */
  invoicePaidAlready: 'refuse' | 'record';
}

export interface ConfirmationResult {
  outcome: 'paid' | 'replayed';
  invoiceNumber: string;
  paymentId: number | null;
}

/**
 * The provider's confirmation of a checkout, in one transaction: the checkout row is locked (parallel
 * or replayed confirmations wait, then see it paid), verified, the payment recorded, the checkout
 * marked paid with the provider's transaction id (unique per provider: one transaction never pays
 * two checkouts), the invoice settled, and an audit entry written. A replay answers 'replayed' and
 * changes nothing; any refusal rolls everything back.
 */
export async function confirmCheckout(
  database: Database,
  ctx: RequestContext,
  c: Confirmation,
): Promise<ConfirmationResult> {
  try {
    return await database.transaction(async (tx) => {
      const byId = 'id' in c.checkout;
      const key = 'id' in c.checkout ? c.checkout.id : c.checkout.orderRef;
      if (byId && !UUID.test(key)) {
        throw paymentRefused('Paiement inconnu : rien n’a été enregistré.', 'UNKNOWN_CHECKOUT');
      }
      const locked = await firstRow(
        tx,
        idRow,
        sql`SELECT id FROM payment_checkouts
             WHERE provider = ${c.provider} AND ${byId ? sql`id = ${key}::uuid` : sql`order_ref = ${key}`} FOR UPDATE`,
      );
      if (!locked) throw paymentRefused('Paiement inconnu : rien n’a été enregistré.', 'UNKNOWN_CHECKOUT');
      const { invoice_id: invoiceId } = await oneRow(
        tx,
        invoiceIdRow,
        sql`SELECT invoice_id FROM payment_checkouts WHERE id = ${locked.id}`,
      );
      // Lock order: checkout, then invoice (manual payments lock the invoice alone).
      await lockInvoice(tx, invoiceId);
      const co = await oneRow(tx, checkoutRow, sql`${CHECKOUT_SELECT} WHERE k.id = ${locked.id}`);
      c.verify(co);
      if (co.status === 'paid')
        return { outcome: 'replayed', invoiceNumber: co.invoice_number, paymentId: co.payment_id };
      if (co.status === 'failed' && c.invoicePaidAlready === 'refuse') {
        throw paymentRefused('Ce paiement a été annulé : rien n’a été enregistré.', 'CHECKOUT_CANCELLED', 409);
      }
      let note = c.note ?? null;
      if (co.invoice_status !== 'unpaid' || (await remainingDue(tx, co.invoice_id)) <= 0) {
        if (c.invoicePaidAlready === 'refuse') {
          throw paymentRefused(
            `La facture ${co.invoice_number} est déjà réglée : rien n’a été enregistré.`,
            'INVOICE_PAID',
            409,
          );
        }
        note = [note, 'Facture déjà réglée : paiement en double, à rembourser.'].filter(Boolean).join(' — ');
      }
      const payment = await oneRow(
        tx,
        paymentIdRow,
        sql`INSERT INTO company_payments (company_id, invoice_id, amount, currency, method, reference, note, created_by)
         SELECT company_id, invoice_id, amount, currency, provider, ${c.transactionId}, ${note}, created_by
           FROM payment_checkouts WHERE id = ${co.id}
         RETURNING id`,
      );
      const updated = await rows(
        tx,
        idRow,
        sql`UPDATE payment_checkouts SET status = 'paid', transaction_id = ${c.transactionId}, payment_id = ${payment.id},
                   confirmed_at = now()
          WHERE id = ${co.id} AND status <> 'paid' RETURNING id`,
      );
      if (updated.length !== 1) throw new Error('checkout changed under its lock');
      const invoiceStatus = await settleInvoice(tx, co.invoice_id);
      await audit(tx, ctx, {
        action: 'confirm',
        entity: 'payment_checkout',
        entityId: co.id,
        companyId: co.company_id,
        actor: { userId: null, role: null, username: c.provider },
        after: {
          invoice: co.invoice_number,
          amount: co.amount,
          currency: co.currency,
          transaction_id: c.transactionId,
          payment_id: payment.id,
          invoice_status: invoiceStatus,
          note,
        },
      });
      return { outcome: 'paid', invoiceNumber: co.invoice_number, paymentId: payment.id };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payment_checkouts_transaction')) {
      throw paymentRefused(
        'Cette transaction a déjà servi à un autre paiement : rien n’a été enregistré.',
        'TRANSACTION_USED',
        409,
      );
    }
    throw err;
  }
}

/**
 * The payer cancels a sandbox checkout (signature checked by the caller): a pending checkout fails,
 * with its audit entry; anything else is left as it is.
 */
export async function cancelCheckout(database: Database, ctx: RequestContext, co: CheckoutRow): Promise<void> {
  await database.transaction(async (tx) => {
    const changed = await rows(
      tx,
      idRow,
      sql`UPDATE payment_checkouts SET status = 'failed' WHERE id = ${co.id} AND status = 'pending' RETURNING id`,
    );
    if (changed.length) {
      await audit(tx, ctx, {
        action: 'cancel',
        entity: 'payment_checkout',
        entityId: co.id,
        companyId: co.company_id,
        actor: { userId: null, role: null, username: 'sandbox' },
        after: { invoice: co.invoice_number, status: 'failed' },
      });
    }
  });
}
