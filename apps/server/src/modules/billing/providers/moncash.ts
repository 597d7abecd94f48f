import { z } from 'zod';
import type { MoncashConfig } from '../../../config';
import { AppError } from '../../../http/errors';
import type { CheckoutToStart, PaymentProvider } from './types';

/**
 * MonCash (Digicel), the provider Haitian businesses use, through its REST API:
 *
 * 1. POST {API}/oauth/token — HTTP Basic client_id:client_secret, form body
 *    `scope=read,write&grant_type=client_credentials` → `{ access_token }` (valid about a minute: one
 *    is asked for each operation, nothing is kept in memory, so N instances need nothing shared);
 * 2. POST {API}/v1/CreatePayment `{ amount, orderId }` (Bearer) → `{ payment_token: { token } }`;
 * 3. the browser goes to {GATEWAY}/Payment/Redirect?token=…, the payer pays on MonCash's page;
 * 4. MonCash sends the browser back to the return URL configured in the merchant account
 *    (/api/public/payments/moncash/return?transactionId=…); nothing in that URL is trusted:
 * 5. POST {API}/v1/RetrieveTransactionPayment `{ transactionId }` (Bearer) →
 *    `{ payment: { reference (= our orderId), transaction_id, cost, message: 'successful', payer } }`.
 *
 * Amounts: invoices are in USD, MonCash charges gourdes. The charge is the invoice amount × the
 * configured MONCASH_HTG_PER_USD, rounded up to the gourde; without a rate MonCash payments are
 * refused (no silent guess of an exchange rate). The verification recomputes the same charge.
 */

const TIMEOUT_MS = 15_000;

const tokenAnswer = z.object({ access_token: z.string().min(1) });
const createAnswer = z.object({ payment_token: z.object({ token: z.string().min(1) }) });
const transactionAnswer = z.object({
  payment: z.object({
    reference: z.coerce.string(),
    transaction_id: z.coerce.string(),
    cost: z.coerce.number(),
    message: z.string(),
    payer: z.coerce.string().nullish(),
  }),
});

export interface MoncashTransaction {
  reference: string;
  transactionId: string;
  /** Gourdes. */
  cost: number;
  successful: boolean;
  payer: string | null;
}

const unavailable = () =>
  new AppError(502, 'PROVIDER_ERROR', 'MonCash ne répond pas correctement. Réessayez dans quelques instants.');

export class MoncashProvider implements PaymentProvider {
  readonly name = 'moncash' as const;

  constructor(private readonly cfg: MoncashConfig | null) {}

  get configured(): boolean {
    return this.cfg !== null;
  }

  /** Invoices are in USD: without the HTG/USD rate every MonCash payment would be refused. */
  get usable(): boolean {
    return this.cfg !== null && this.cfg.htgPerUsd !== null;
  }

  assertAvailable(amount: number, currency: string): void {
    if (!this.cfg) {
      throw new AppError(409, 'PROVIDER_UNAVAILABLE', 'MonCash n’est pas configuré sur ce serveur.');
    }
    this.charge(amount, currency);
  }

  /** What MonCash charges for an amount (minor units of `currency`), in whole gourdes. */
  charge(amount: number, currency: string): number {
    if (currency === 'HTG') return Math.ceil(amount / 100);
    const rate = this.cfg?.htgPerUsd ?? null;
    if (currency !== 'USD' || rate === null) {
      throw new AppError(
        409,
        'PROVIDER_UNAVAILABLE',
        'Le taux de change HTG/USD de MonCash n’est pas configuré (MONCASH_HTG_PER_USD) : paiement MonCash impossible.',
      );
    }
    // HTG centimes to the nearest, then up to the gourde (never less than the invoice).
    return Math.ceil(Math.round(amount * rate) / 100);
  }

  /** Our orderId at MonCash: the checkout's uuid without dashes (32 hex digits, unique). */
  newOrderRef(checkoutId: string): string {
    return checkoutId.replaceAll('-', '');
  }

  async start(checkout: CheckoutToStart): Promise<string> {
    const cfg = this.config();
    const token = await this.token();
    const answer = await this.post('/v1/CreatePayment', token, {
      amount: this.charge(checkout.amount, checkout.currency),
      orderId: checkout.orderRef,
    });
    const parsed = createAnswer.safeParse(answer.body);
    if (answer.status >= 300 || !parsed.success) throw unavailable();
    return `${cfg.gatewayUrl}/Payment/Redirect?token=${encodeURIComponent(parsed.data.payment_token.token)}`;
  }

  /** The transaction as MonCash knows it, or null when MonCash does not know it. */
  async retrieveTransaction(transactionId: string): Promise<MoncashTransaction | null> {
    const token = await this.token();
    const answer = await this.post('/v1/RetrieveTransactionPayment', token, { transactionId });
    if (answer.status === 404) return null;
    const parsed = transactionAnswer.safeParse(answer.body);
    if (answer.status >= 300 || !parsed.success) throw unavailable();
    const p = parsed.data.payment;
    return {
      reference: p.reference,
      transactionId: p.transaction_id,
      cost: p.cost,
      successful: p.message.toLowerCase() === 'successful',
      payer: p.payer ?? null,
    };
  }

  private config(): MoncashConfig {
    if (!this.cfg) throw new AppError(409, 'PROVIDER_UNAVAILABLE', 'MonCash n’est pas configuré sur ce serveur.');
    return this.cfg;
  }

  private async token(): Promise<string> {
    const cfg = this.config();
    const basic = Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${cfg.apiUrl}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'scope=read,write&grant_type=client_credentials',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
    if (!res.ok || !parsed.success) throw unavailable();
    return parsed.data.access_token;
  }

  private async post(path: string, token: string, body: object): Promise<{ status: number; body: unknown }> {
    const cfg = this.config();
    try {
      const res = await fetch(`${cfg.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    } catch {
      throw unavailable();
    }
  }
}
