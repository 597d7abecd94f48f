import type { Invoice } from '@borlette/shared/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMoncash, startFakeMoncash } from '../../../test/fake-moncash';
import {
  type BillingWorld,
  billingWorld,
  companyWithSales,
  monthRange,
  qs,
} from '../../../test/fixtures/billing.fixtures';
import { describeApi, expectErrorBody } from '../../../test/helpers';
import type { BillingConfig } from '../../config';
import { AppError } from '../../http/errors';
import { MoncashProvider } from './providers/moncash';

const PAY = '/api/generals/pay-facturations';
const RETURN = '/api/public/payments/moncash/return';
const RATE = 132.5;

/**
 * MonCash's REST flow end to end through our HTTP API, against a local fake that speaks MonCash's
 * protocol (test/fake-moncash.ts): create → redirect URL → the payer pays → return → verified →
 * invoice paid; and every way a return can be wrong.
 */
describeApi('billing: online payment through MonCash (local fake of its REST API)', () => {
  let fake: FakeMoncash;
  let w: BillingWorld;
  let billing: BillingConfig;

  beforeAll(async () => {
    fake = await startFakeMoncash();
    billing = {
      provider: 'sandbox',
      sandbox: true,
      sandboxSecret: null,
      autoInvoices: false,
      moncash: {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        apiUrl: fake.apiUrl,
        gatewayUrl: fake.gatewayUrl,
        htgPerUsd: RATE,
      },
    };
    w = await billingWorld({ billing });
  });
  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  async function billed(sellers = 1) {
    const c = await companyWithSales(w.database, { agents: sellers });
    const month = monthRange(c.today);
    const res = await w.call(
      'GET',
      `/api/generals/facturations?${qs({ ...month, company: c.company.ref_code })}`,
      w.root,
    );
    const invoice = res.json().results[0] as Invoice;
    return {
      c,
      month,
      invoice,
      q: { ...month, company: c.company.ref_code, amount: invoice.amount, nb_agent: sellers },
    };
  }
  const startMoncash = (q: Record<string, string | number>) =>
    w.call('GET', `${PAY}?${qs({ ...q, provider: 'moncash' })}`, w.root);
  const back = (transactionId: string) =>
    w.app.inject({ method: 'GET', url: `${RETURN}?transactionId=${encodeURIComponent(transactionId)}` });
  const state = async (invoiceId: number) => {
    const [inv] = await w.database.raw.query<{ status: string }>('SELECT status FROM invoices WHERE id = $1', [
      invoiceId,
    ]);
    const payments = await w.database.raw.query<{
      method: string;
      amount: number;
      currency: string;
      reference: string;
      note: string;
    }>('SELECT method, amount, currency, reference, note FROM company_payments WHERE invoice_id = $1 ORDER BY id', [
      invoiceId,
    ]);
    const checkouts = await w.database.raw.query<{ status: string; transaction_id: string | null; order_ref: string }>(
      'SELECT status, transaction_id, order_ref FROM payment_checkouts WHERE invoice_id = $1 ORDER BY created_at',
      [invoiceId],
    );
    return { invoice: inv.status, payments, checkouts };
  };

  it('create → redirect to MonCash → the payer pays → return verified → invoice paid, once', async () => {
    const { invoice, q, c } = await billed(2);
    expect(invoice.amount).toBe(2000);
    const before = fake.calls.length;
    const res = await startMoncash(q);
    expect(res.statusCode).toBe(200);
    const { url, checkout_id } = res.json();
    const token = fake.lastToken();
    expect(url).toBe(`${fake.gatewayUrl}/Payment/Redirect?token=${encodeURIComponent(token)}`);
    // Token with the client's credentials, then CreatePayment with the bearer: both accepted.
    expect(fake.calls.slice(before)).toEqual([
      { method: 'POST', path: '/Api/oauth/token', accepted: true },
      { method: 'POST', path: '/Api/v1/CreatePayment', accepted: true },
    ]);
    // 20,00 USD at 132,5 HTG per USD = 2 650 HTG; our orderId is the checkout's id.
    expect(fake.payments.at(-1)).toMatchObject({ orderId: checkout_id.replaceAll('-', ''), amount: 2650 });
    expect((await state(invoice.id)).checkouts).toEqual([
      { status: 'pending', transaction_id: null, order_ref: checkout_id.replaceAll('-', '') },
    ]);

    // The browser goes to MonCash's page; the payer pays; MonCash sends the browser back.
    const gateway = await fetch(url);
    expect(gateway.status).toBe(200);
    const transactionId = fake.complete(token);
    const done = await back(transactionId);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/dashboard/company/payment?paid=${encodeURIComponent(invoice.number)}`);
    expect(fake.calls.at(-1)).toEqual({ method: 'POST', path: '/Api/v1/RetrieveTransactionPayment', accepted: true });

    const s = await state(invoice.id);
    expect(s.invoice).toBe('paid');
    expect(s.payments).toEqual([
      {
        method: 'moncash',
        amount: 2000,
        currency: 'USD',
        reference: transactionId,
        note: 'MonCash : 2650 HTG, payeur 50937000000',
      },
    ]);
    expect(s.checkouts[0]).toMatchObject({ status: 'paid', transaction_id: transactionId });
    const history = await w.call(
      'GET',
      `/api/companies/historics-payment?company_id=${c.company.id}&method=moncash`,
      w.root,
    );
    expect(history.json().results).toHaveLength(1);

    // The same return again (reload, back button, a replay): nothing more.
    const again = await back(transactionId);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('&already=1');
    expect((await state(invoice.id)).payments).toHaveLength(1);
    // An online payment is not edited or deleted by hand.
    const [{ id: paymentId }] = await w.database.raw.query<{ id: number }>(
      'SELECT id FROM company_payments WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(
      expectErrorBody(await w.call('DELETE', `/api/companies/historics-payment?id=${paymentId}`, w.root), 409).code,
    ).toBe('ONLINE_PAYMENT');
  });

  it('5 returns of the same transaction at once record one payment', async () => {
    const { invoice, q } = await billed();
    expect((await startMoncash(q)).statusCode).toBe(200);
    const transactionId = fake.complete(fake.lastToken());
    const answers = await Promise.all(Array.from({ length: 5 }, () => back(transactionId)));
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303, 303, 303]);
    expect(answers.filter((a) => !String(a.headers.location).includes('already=1'))).toHaveLength(1);
    const s = await state(invoice.id);
    expect(s.payments).toHaveLength(1);
    expect(s.invoice).toBe('paid');
  });

  describe('a wrong return changes nothing', () => {
    it('an unknown transaction, or none, or a malformed one', async () => {
      const { invoice, q } = await billed();
      expect((await startMoncash(q)).statusCode).toBe(200);
      for (const id of ['999999999', '']) {
        const res = await back(id);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/text\/html/);
      }
      expect((await back('1; DROP TABLE invoices')).statusCode).toBe(400);
      expect((await w.app.inject({ method: 'GET', url: RETURN })).statusCode).toBe(400);
      expect((await back('999999999')).body).toContain('Transaction inconnue de MonCash');
      expect(await state(invoice.id)).toMatchObject({
        invoice: 'unpaid',
        payments: [],
        checkouts: [{ status: 'pending' }],
      });
    });

    it('a payment of another amount than the checkout charged', async () => {
      const { invoice, q } = await billed();
      expect((await startMoncash(q)).statusCode).toBe(200);
      const token = fake.lastToken();
      const transactionId = fake.complete(token, { cost: 1000 });
      const res = await back(transactionId);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('ne correspond pas');
      expect(await state(invoice.id)).toMatchObject({
        invoice: 'unpaid',
        payments: [],
        checkouts: [{ status: 'pending' }],
      });
    });

    it('a transaction of an order that is not ours (another merchant’s, a forged reference)', async () => {
      const tokenRes = await fetch(`${fake.apiUrl}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'scope=read,write&grant_type=client_credentials',
      });
      const { access_token } = (await tokenRes.json()) as { access_token: string };
      const created = await fetch(`${fake.apiUrl}/v1/CreatePayment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1325, orderId: 'someone-else-42' }),
      });
      expect(created.status).toBe(202);
      const before = await w.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM company_payments');
      const res = await back(fake.complete(fake.lastToken()));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Paiement inconnu');
      expect(await w.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM company_payments')).toEqual(
        before,
      );
    });

    it('MonCash refusing our access token (expired, revoked): 502, nothing recorded, the return works once it accepts again', async () => {
      const { invoice, q } = await billed();
      expect((await startMoncash(q)).statusCode).toBe(200);
      const transactionId = fake.complete(fake.lastToken());
      fake.rejectTokens(true);
      try {
        const res = await back(transactionId);
        expect(res.statusCode).toBe(502);
        expect(res.body).toContain('MonCash ne répond pas');
        expect(fake.calls.at(-1)).toEqual({
          method: 'POST',
          path: '/Api/v1/RetrieveTransactionPayment',
          accepted: false,
        });
        expect(await state(invoice.id)).toMatchObject({ invoice: 'unpaid', payments: [] });
        // Starting a payment meanwhile fails cleanly: the checkout is marked failed.
        const other = await billed();
        expectErrorBody(await startMoncash(other.q), 502);
        expect((await state(other.invoice.id)).checkouts).toMatchObject([{ status: 'failed' }]);
      } finally {
        fake.rejectTokens(false);
      }
      expect((await back(transactionId)).statusCode).toBe(303);
      expect((await state(invoice.id)).invoice).toBe('paid');
    });

    it('bad client credentials are a provider error, never a payment', async () => {
      const wrong = new MoncashProvider({
        ...(billing.moncash as NonNullable<BillingConfig['moncash']>),
        clientSecret: 'wrong',
      });
      await expect(
        wrong.start({ id: 'x', orderRef: 'bad-credentials-order', amount: 1000, currency: 'USD', invoiceNumber: 'F' }),
      ).rejects.toMatchObject({ statusCode: 502, code: 'PROVIDER_ERROR' });
      await expect(wrong.retrieveTransaction('1')).rejects.toBeInstanceOf(AppError);
      expect(fake.calls.at(-1)).toEqual({ method: 'POST', path: '/Api/oauth/token', accepted: false });
      expect(fake.payments.some((p) => p.orderId === 'bad-credentials-order')).toBe(false);
    });
  });

  describe('when MonCash is the configured provider', () => {
    let m: BillingWorld;
    beforeAll(async () => {
      m = await billingWorld({ billing: { ...billing, provider: 'moncash', sandbox: false } });
    });
    afterAll(() => m?.close());

    it('pay-facturations uses MonCash by default, and the sandbox is closed', async () => {
      const c = await companyWithSales(m.database, { agents: 1 });
      const month = monthRange(c.today);
      const q = { ...month, company: c.company.ref_code, amount: 1000, nb_agent: 1 };
      const res = await m.call('GET', `${PAY}?${qs(q)}`, m.root);
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(new RegExp(`^${fake.gatewayUrl}/Payment/Redirect\\?token=`));
      expect(fake.payments.at(-1)?.amount).toBe(1325);
      const sandbox = expectErrorBody(await m.call('GET', `${PAY}?${qs({ ...q, provider: 'sandbox' })}`, m.root), 409);
      expect(sandbox.code).toBe('PROVIDER_UNAVAILABLE');
      expect((await m.app.inject({ method: 'GET', url: `/pay/sandbox/${res.json().checkout_id}` })).statusCode).toBe(
        404,
      );
      const confirm = await m.app.inject({
        method: 'POST',
        url: '/api/public/payments/sandbox/confirm',
        payload: `checkout_id=${res.json().checkout_id}&signature=x`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(confirm.statusCode).toBe(404);
    });
  });
});
