import type {
  CompanyPayment,
  companyPaymentInput,
  companyPaymentListQuery,
  companyPaymentUpdate,
} from '@borlette/shared/contracts/billing';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { ListSpec } from '../_lib/list';
import { SqlParams } from '../_lib/sql';
import { formatMoney, ISO, lockInvoice, PLATFORM_CURRENCY, remainingDue, settleInvoice } from './invoices.service';

/**
 * The payment history (historics-payment): the platform's record of what companies paid. Online
 * payments are written by their provider's confirmation (checkout.service `confirmCheckout`) and cannot be changed
 * or deleted here; payments entered by hand (cash, transfer, other) can be corrected and cancelled
 * (DELETE = cancel: the row stays, with status cancelled, and its invoice is reopened).
 * An invoice is paid when its confirmed payments cover its amount (invoices.service `settleInvoice`).
 */

type Input = z.output<typeof companyPaymentInput>;
type Update = z.output<typeof companyPaymentUpdate>;
type ListQ = z.output<typeof companyPaymentListQuery>;

export const ONLINE_METHODS: readonly string[] = ['sandbox', 'moncash'];

const PAYMENT_COLUMNS = `
  p.id, p.company_id, c.name AS company_name, p.invoice_id, i.number AS invoice_number, p.amount, p.currency,
  p.method, p.reference, ${ISO('p.paid_at')} AS paid_at, p.note, p.status, ${ISO('p.created_at')} AS created_at`;
const PAYMENT_FROM = `FROM company_payments p JOIN companies c ON c.id = p.company_id
  JOIN countries k ON k.id = c.country_id LEFT JOIN invoices i ON i.id = p.invoice_id`;

/** The superuser's selected company, else the companies of its selected country (else all). */
function scopeConditions(request: FastifyRequest, params: SqlParams): string[] {
  const auth = authOf(request);
  if (auth.companyId !== null) return [`c.id = ${params.p(auth.companyId)}`];
  if (auth.selectCountryCode) return [`k.name_code = ${params.p(auth.selectCountryCode)}`];
  return [];
}

export function paymentListSpec(request: FastifyRequest, q: ListQ): ListSpec {
  const params = new SqlParams();
  const where = scopeConditions(request, params);
  if (q.company_id) where.push(`p.company_id = ${params.p(q.company_id)}`);
  if (q.method) where.push(`p.method = ${params.p(q.method)}`);
  if (q.start_date) where.push(`p.paid_at >= (${params.p(q.start_date)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (q.end_date) where.push(`p.paid_at < (${params.p(q.end_date)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return {
    select: PAYMENT_COLUMNS,
    from: PAYMENT_FROM,
    where,
    params,
    sortable: {
      paid_at: 'p.paid_at',
      amount: 'p.amount',
      company_name: 'lower(c.name)',
      method: 'p.method',
      status: 'p.status',
      invoice_number: 'i.number',
      created_at: 'p.created_at',
    },
    search: ['p.reference', 'p.note', 'c.name', 'c.ref_code', 'i.number'],
    tieBreaker: 'p.id',
  };
}

export async function getPayment(raw: RawClient, request: FastifyRequest, id: number): Promise<CompanyPayment> {
  const params = new SqlParams();
  const where = [`p.id = ${params.p(id)}`, ...scopeConditions(request, params)];
  const [row] = await raw.query<CompanyPayment>(
    `SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} WHERE ${where.join(' AND ')}`,
    params.values,
  );
  if (!row) throw notFound('Paiement introuvable.');
  return row;
}

async function assertCompanyInScope(raw: RawClient, request: FastifyRequest, companyId: number) {
  const params = new SqlParams();
  const where = [`c.id = ${params.p(companyId)}`, ...scopeConditions(request, params)];
  const rows = await raw.query(
    `SELECT 1 FROM companies c JOIN countries k ON k.id = c.country_id WHERE ${where.join(' AND ')}`,
    params.values,
  );
  if (!rows.length) throw notFound('Compagnie introuvable.');
}

/** A day of the form -> the instant stored (midday UTC: the same date in every zone of the companies). */
const DAY_AT = (p: string) => `(${p}::date + time '12:00')::timestamp AT TIME ZONE 'UTC'`;

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

export async function createPayment(database: Database, request: FastifyRequest, input: Input) {
  await assertCompanyInScope(database.raw, request, input.company_id);
  const id = await database.transaction(async (tx) => {
    const currency = input.invoice_id
      ? await checkAgainstInvoice(tx, {
          companyId: input.company_id,
          invoiceId: input.invoice_id,
          amount: input.amount,
          exceptPaymentId: null,
        })
      : PLATFORM_CURRENCY;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO company_payments (company_id, invoice_id, amount, currency, method, reference, paid_at, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, ${DAY_AT('$7')}, $8, $9) RETURNING id`,
      [
        input.company_id,
        input.invoice_id,
        input.amount,
        currency,
        input.method,
        input.reference,
        input.paid_at,
        input.note,
        authOf(request).userId,
      ],
    );
    const invoiceStatus = input.invoice_id ? await settleInvoice(tx, input.invoice_id) : null;
    await audit(tx, request, {
      action: 'create',
      entity: 'company_payment',
      entityId: row.id,
      companyId: input.company_id,
      after: { ...input, currency, invoice_status: invoiceStatus },
    });
    return row.id;
  });
  return getPayment(database.raw, request, id);
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

export async function updatePayment(database: Database, request: FastifyRequest, input: Update) {
  const before = await getPayment(database.raw, request, input.id);
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
    await tx.query(
      `UPDATE company_payments
          SET invoice_id = $2, amount = $3, currency = $4, method = $5, reference = $6, paid_at = ${DAY_AT('$7')},
              note = $8, status = $9, updated_at = now()
        WHERE id = $1`,
      [
        before.id,
        input.invoice_id,
        input.amount,
        currency,
        input.method,
        input.reference,
        input.paid_at,
        input.note,
        status,
      ],
    );
    for (const invoiceId of touched) await settleInvoice(tx, invoiceId);
    await audit(tx, request, {
      action: status === 'cancelled' && before.status !== 'cancelled' ? 'cancel' : 'update',
      entity: 'company_payment',
      entityId: before.id,
      companyId: before.company_id,
      before,
      after: { ...input, currency, status },
    });
  });
  return getPayment(database.raw, request, input.id);
}

/** DELETE: cancels a payment entered by hand (kept in the history) and reopens its invoice. */
export async function cancelPayment(database: Database, request: FastifyRequest, id: number) {
  const before = await getPayment(database.raw, request, id);
  refuseOnline(before, 'supprimé');
  if (before.status === 'cancelled') return;
  await database.transaction(async (tx) => {
    await lockInvoices(tx, [before.invoice_id]);
    await tx.query(
      "UPDATE company_payments SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'confirmed'",
      [id],
    );
    const invoiceStatus = before.invoice_id ? await settleInvoice(tx, before.invoice_id) : null;
    await audit(tx, request, {
      action: 'cancel',
      entity: 'company_payment',
      entityId: id,
      companyId: before.company_id,
      before,
      after: { status: 'cancelled', invoice_status: invoiceStatus },
    });
  });
}
