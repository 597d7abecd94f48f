import { randomBytes } from 'node:crypto';
import { billingEndpoints as api, checkoutForm } from '@borlette/shared/contracts/billing';
import { allow } from '@borlette/shared/endpoint';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { type ConfirmationResult, cancelCheckout, confirmCheckout, paymentRefused } from './checkout.service';
import { checkoutInvoiceInfo, findCheckout } from './checkout-query';
import { esc, htmlPage, messagePage } from './html';
import { formatMoney, frenchDay } from './invoices.service';
import { paymentProviders } from './providers';

/**
 * The public side of online payments (no session: the payer's browser and the providers come here).
 *
 * Sandbox:
 * - GET  /pay/sandbox/:checkoutId — the checkout page (company, invoice, amount, « Payer », « Annuler »);
 * - POST /api/public/payments/sandbox/confirm {checkout_id, signature} — verified, confirmed once,
 *   then 303 to /dashboard/company/payment?paid=<invoice number> (&already=1 when replayed);
 * - POST /api/public/payments/sandbox/cancel {checkout_id, signature} — the checkout fails, 303 back
 *   to /dashboard/company/facturation?cancelled=<invoice number>.
 * MonCash:
 * - GET /api/public/payments/moncash/return?transactionId=… — the return URL to configure in the
 *   MonCash merchant account. The transaction is read back from MonCash (server to server); only a
 *   successful transaction whose reference is one of our MonCash checkouts, for the amount it charged,
 *   confirms it; then 303 like the sandbox.
 * A refusal (unknown checkout, bad signature, unknown transaction, amount mismatch) is an HTML page
 * with its status (400/409/502) and changes nothing.
 */

const PAID_URL = (number: string, replayed: boolean) =>
  `/dashboard/company/payment?paid=${encodeURIComponent(number)}${replayed ? '&already=1' : ''}`;

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** A refusal as a page for the payer's browser (the API's error answer is JSON; this audience is a person). */
function refusalPage(reply: FastifyReply, err: unknown) {
  if (err instanceof AppError) {
    const title = err.statusCode === 502 ? 'Fournisseur indisponible' : 'Paiement refusé';
    return sendPage(reply, err.statusCode, messagePage(title, err.message));
  }
  throw err;
}

function redirectPaid(reply: FastifyReply, r: ConfirmationResult) {
  return reply.header('cache-control', 'no-store').redirect(PAID_URL(r.invoiceNumber, r.outcome === 'replayed'), 303);
}

export const publicPaymentsRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;
    const { sandbox, moncash } = paymentProviders(config.billing);

    // HTML forms post application/x-www-form-urlencoded (this plugin's routes only).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get(
      '/pay/sandbox/:checkoutId',
      {
        config: { access: allow.public() },
        schema: { hide: true, params: z.object({ checkoutId: z.string().max(100) }) },
      },
      async (request, reply) => {
        const co = sandbox.enabled ? await findCheckout(raw, 'sandbox', request.params.checkoutId) : undefined;
        if (!co) {
          return sendPage(
            reply,
            404,
            messagePage('Paiement introuvable', 'Ce lien de paiement n’existe pas ou a expiré.'),
          );
        }
        if (co.status === 'paid') {
          return sendPage(
            reply,
            200,
            messagePage(
              'Paiement déjà confirmé',
              `La facture ${co.invoice_number} est payée.`,
              'ok',
              PAID_URL(co.invoice_number, true),
            ),
          );
        }
        if (co.status === 'failed') {
          return sendPage(
            reply,
            409,
            messagePage('Paiement annulé', 'Ce paiement a été annulé. Recommencez depuis la facturation.'),
          );
        }
        if (co.invoice_status !== 'unpaid') {
          return sendPage(
            reply,
            409,
            messagePage('Facture déjà réglée', `La facture ${co.invoice_number} n’est plus à payer.`),
          );
        }
        const info = await checkoutInvoiceInfo(raw, co.invoice_id);
        const signed = { id: co.id, orderRef: co.order_ref, amount: co.amount, currency: co.currency };
        const hidden = (action: 'confirm' | 'cancel') =>
          `<input type="hidden" name="checkout_id" value="${esc(co.id)}">` +
          `<input type="hidden" name="signature" value="${esc(sandbox.sign(action, signed))}">`;
        const amount = formatMoney(co.amount, co.currency);
        const body = `
          <span class="badge">Sandbox — aucun argent réel</span>
          <h1>Paiement de facture</h1>
          <p class="muted">${esc(config.platformName)}</p>
          <dl>
            <dt>Compagnie</dt><dd>${esc(info.company_name)} (${esc(info.company_ref)})</dd>
            <dt>Facture</dt><dd>${esc(co.invoice_number)}</dd>
            <dt>Période</dt><dd>${esc(frenchDay(info.period_start))} – ${esc(frenchDay(info.period_end))}</dd>
          </dl>
          <div class="amount">${esc(amount)}</div>
          <form method="post" action="/api/public/payments/sandbox/confirm">${hidden('confirm')}
            <button class="pay" type="submit">Payer ${esc(amount)}</button></form>
          <form method="post" action="/api/public/payments/sandbox/cancel">${hidden('cancel')}
            <button class="cancel" type="submit">Annuler</button></form>`;
        return sendPage(reply, 200, htmlPage(`Paiement ${co.invoice_number}`, body));
      },
    );

    route(app, api.sandboxConfirm, async (request, reply) => {
      try {
        if (!sandbox.enabled)
          throw paymentRefused('Le paiement de démonstration n’est pas disponible.', 'PROVIDER_UNAVAILABLE', 404);
        const body = checkoutForm.safeParse(request.body ?? {});
        if (!body.success || !body.data.checkout_id)
          throw paymentRefused('Paiement inconnu : rien n’a été enregistré.');
        const { checkout_id, signature } = body.data;
        const result = await confirmCheckout(database, contextOf(request), {
          provider: 'sandbox',
          checkout: { id: checkout_id },
          transactionId: `SBX-${randomBytes(12).toString('base64url')}`,
          verify: (co) => {
            const signed = { id: co.id, orderRef: co.order_ref, amount: co.amount, currency: co.currency };
            if (!sandbox.verify('confirm', signed, signature)) {
              throw paymentRefused('Signature invalide : ce paiement n’a pas été confirmé.', 'BAD_SIGNATURE');
            }
          },
          note: 'Paiement sandbox (démonstration)',
          invoicePaidAlready: 'refuse',
        });
        return redirectPaid(reply, result);
      } catch (err) {
        return refusalPage(reply, err);
      }
    });

    route(app, api.sandboxCancel, async (request, reply) => {
      try {
        const body = checkoutForm.safeParse(request.body ?? {});
        const co =
          sandbox.enabled && body.success ? await findCheckout(raw, 'sandbox', body.data.checkout_id) : undefined;
        if (!co || !body.success) throw paymentRefused('Paiement inconnu.');
        const signed = { id: co.id, orderRef: co.order_ref, amount: co.amount, currency: co.currency };
        if (!sandbox.verify('cancel', signed, body.data.signature)) {
          throw paymentRefused('Signature invalide : rien n’a été changé.', 'BAD_SIGNATURE');
        }
        if (co.status === 'paid')
          return redirectPaid(reply, {
            outcome: 'replayed',
            invoiceNumber: co.invoice_number,
            paymentId: co.payment_id,
          });
        await cancelCheckout(database, contextOf(request), co);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`/dashboard/company/facturation?cancelled=${encodeURIComponent(co.invoice_number)}`, 303);
      } catch (err) {
        return refusalPage(reply, err);
      }
    });

    route(app, api.moncashReturn, async (request, reply) => {
      try {
        if (!moncash.configured)
          throw paymentRefused('MonCash n’est pas configuré sur ce serveur.', 'PROVIDER_UNAVAILABLE', 404);
        const transactionId = request.query.transactionId ?? request.query.transaction_id ?? '';
        if (!/^[A-Za-z0-9_-]{1,100}$/.test(transactionId)) {
          throw paymentRefused(
            'Transaction MonCash absente ou invalide : rien n’a été enregistré.',
            'UNKNOWN_TRANSACTION',
          );
        }
        const tx = await moncash.retrieveTransaction(transactionId);
        if (!tx)
          throw paymentRefused('Transaction inconnue de MonCash : rien n’a été enregistré.', 'UNKNOWN_TRANSACTION');
        if (!tx.successful) {
          throw paymentRefused('MonCash n’a pas confirmé ce paiement : rien n’a été enregistré.', 'NOT_SUCCESSFUL');
        }
        const result = await confirmCheckout(database, contextOf(request), {
          provider: 'moncash',
          checkout: { orderRef: tx.reference },
          transactionId: tx.transactionId,
          verify: (co) => {
            const charged = moncash.charge(co.amount, co.currency);
            if (Math.round(tx.cost * 100) !== charged * 100) {
              request.log.warn({ checkout: co.id, charged, cost: tx.cost }, 'MonCash amount mismatch');
              throw paymentRefused(
                `Le montant payé sur MonCash (${tx.cost} HTG) ne correspond pas à la facture (${charged} HTG) : rien n’a été enregistré.`,
                'AMOUNT_MISMATCH',
              );
            }
          },
          note: `MonCash : ${tx.cost} HTG${tx.payer ? `, payeur ${tx.payer}` : ''}`,
          invoicePaidAlready: 'record',
        });
        return redirectPaid(reply, result);
      } catch (err) {
        return refusalPage(reply, err);
      }
    });
  };
