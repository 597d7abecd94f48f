import { randomUUID } from 'node:crypto';
import type { Invoice } from '@borlette/shared/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  billingWorld,
  companyAdmin,
  companyWithSales,
  monthRange,
  qs,
} from '../../../test/fixtures/billing.fixtures';
import { createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

const PAY = '/api/generals/pay-facturations';
const CONFIRM = '/api/public/payments/sandbox/confirm';
const CANCEL = '/api/public/payments/sandbox/cancel';

describeApi('billing: online payment through the built-in sandbox provider', () => {
  let w: BillingWorld;

  beforeAll(async () => {
    w = await billingWorld();
  });
  afterAll(() => w?.close());

  /** A company with `sellers` active agents this month, and its invoice. */
  async function billed(sellers = 1) {
    const c = await companyWithSales(w.database, { agents: sellers });
    const month = monthRange(c.today);
    const res = await w.call(
      'GET',
      `/api/generals/facturations?${qs({ ...month, company: c.company.ref_code })}`,
      w.root,
    );
    const invoice = res.json().results[0] as Invoice;
    return { c, month, invoice, ref: c.company.ref_code };
  }
  const start = (q: Record<string, string | number | undefined>, token = w.root) =>
    w.call('GET', `${PAY}?${qs(q)}`, token);
  /** The checkout page and the signatures of its two forms. */
  async function page(url: string) {
    const res = await w.app.inject({ method: 'GET', url });
    const sigs = [...res.body.matchAll(/name="signature" value="([^"]+)"/g)].map((m) => m[1]);
    return { res, confirm: sigs[0], cancel: sigs[1] };
  }
  const post = (url: string, fields: Record<string, string>) =>
    w.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const state = async (invoiceId: number) => {
    const [inv] = await w.database.raw.query<{ status: string; paid_at: string | null }>(
      'SELECT status, paid_at FROM invoices WHERE id = $1',
      [invoiceId],
    );
    const payments = await w.database.raw.query<{ method: string; amount: number; reference: string; status: string }>(
      'SELECT method, amount, reference, status FROM company_payments WHERE invoice_id = $1 ORDER BY id',
      [invoiceId],
    );
    const checkouts = await w.database.raw.query<{
      status: string;
      transaction_id: string | null;
      payment_id: number | null;
    }>('SELECT status, transaction_id, payment_id FROM payment_checkouts WHERE invoice_id = $1 ORDER BY created_at', [
      invoiceId,
    ]);
    return { invoice: inv.status, payments, checkouts };
  };

  describe('the whole flow', () => {
    it('start → checkout page → « Payer » → invoice paid, payment in the history, redirect to it', async () => {
      const { month, invoice, ref, c } = await billed(2);
      expect(invoice).toMatchObject({ active_agents: 2, amount: 2000, status: 'unpaid' });

      const res = await start({ ...month, company: ref, amount: 2000, nb_agent: 2 });
      expect(res.statusCode).toBe(200);
      const { url, checkout_id } = res.json();
      expect(url).toBe(`/pay/sandbox/${checkout_id}`);
      expect((await state(invoice.id)).checkouts).toEqual([
        { status: 'pending', transaction_id: null, payment_id: null },
      ]);

      const p = await page(url);
      expect(p.res.statusCode).toBe(200);
      expect(p.res.headers['content-type']).toMatch(/text\/html/);
      expect(p.res.headers['cache-control']).toBe('no-store');
      expect(String(p.res.headers['content-security-policy'])).toContain("script-src 'self'");
      for (const s of [c.company.ref_code, invoice.number, '20,00 USD', 'Payer', 'Annuler', 'Sandbox']) {
        expect(p.res.body).toContain(s);
      }
      expect(p.res.body).not.toMatch(/<script/i);
      expect(p.res.body).toContain('action="/api/public/payments/sandbox/confirm"');
      expect(p.confirm).toBeTruthy();
      expect(p.cancel).toBeTruthy();
      expect(p.confirm).not.toBe(p.cancel);
      // The order reference (the signing key without PAYMENT_SANDBOX_SECRET) never reaches the browser.
      const [{ order_ref }] = await w.database.raw.query<{ order_ref: string }>(
        'SELECT order_ref FROM payment_checkouts WHERE id = $1',
        [checkout_id],
      );
      expect(p.res.body).not.toContain(order_ref);

      const done = await post(CONFIRM, { checkout_id, signature: p.confirm });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/dashboard/company/payment?paid=${encodeURIComponent(invoice.number)}`);

      const s = await state(invoice.id);
      expect(s.invoice).toBe('paid');
      expect(s.payments).toHaveLength(1);
      expect(s.payments[0]).toMatchObject({ method: 'sandbox', amount: 2000, status: 'confirmed' });
      expect(s.payments[0].reference).toMatch(/^SBX-/);
      expect(s.checkouts[0]).toMatchObject({ status: 'paid', transaction_id: s.payments[0].reference });

      const list = await w.call('GET', `/api/generals/facturations?${qs({ ...month, company: ref })}`, w.root);
      expect(list.json().results[0]).toMatchObject({ status: 'paid', overdue: false });
      const history = await w.call('GET', `/api/companies/historics-payment?company_id=${c.company.id}`, w.root);
      expect(history.json().results).toEqual([
        expect.objectContaining({ invoice_number: invoice.number, method: 'sandbox', amount: 2000, currency: 'USD' }),
      ]);
      const audit = await w.database.raw.query<{ action: string; username: string | null }>(
        "SELECT action, username FROM audit_log WHERE entity = 'payment_checkout' AND entity_id = $1 ORDER BY id",
        [checkout_id],
      );
      expect(audit.map((a) => a.action)).toEqual(['start', 'confirm']);
      expect(audit[1].username).toBe('sandbox');

      // The page of a paid checkout says so; paying again is refused.
      expect((await page(url)).res.body).toContain('déjà confirmé');
      expect(expectErrorBody(await start({ ...month, company: ref, amount: 2000, nb_agent: 2 }), 409).code).toBe(
        'INVOICE_PAID',
      );
    });

    it('a replayed confirmation records nothing more and redirects with an information flag', async () => {
      const { month, invoice, ref } = await billed();
      const { url, checkout_id } = (await start({ ...month, company: ref, amount: 1000, nb_agent: 1 })).json();
      const { confirm } = await page(url);
      expect((await post(CONFIRM, { checkout_id, signature: confirm })).statusCode).toBe(303);
      const again = await post(CONFIRM, { checkout_id, signature: confirm });
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe(
        `/dashboard/company/payment?paid=${encodeURIComponent(invoice.number)}&already=1`,
      );
      expect((await state(invoice.id)).payments).toHaveLength(1);
    });

    it('5 parallel confirmations of one checkout record one payment', async () => {
      const { month, invoice, ref } = await billed();
      const { url, checkout_id } = (await start({ ...month, company: ref, amount: 1000, nb_agent: 1 })).json();
      const { confirm } = await page(url);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post(CONFIRM, { checkout_id, signature: confirm })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303, 303, 303]);
      expect(answers.filter((a) => !String(a.headers.location).includes('already=1'))).toHaveLength(1);
      const s = await state(invoice.id);
      expect(s.payments).toHaveLength(1);
      expect(s.invoice).toBe('paid');
    });

    it('two checkouts of one invoice (two tabs): the second confirmation is refused and records nothing', async () => {
      const { month, invoice, ref } = await billed();
      const q = { ...month, company: ref, amount: 1000, nb_agent: 1 };
      const first = (await start(q)).json();
      const second = (await start(q)).json();
      expect(second.checkout_id).not.toBe(first.checkout_id);
      const p1 = await page(first.url);
      const p2 = await page(second.url);
      expect((await post(CONFIRM, { checkout_id: first.checkout_id, signature: p1.confirm })).statusCode).toBe(303);
      const refused = await post(CONFIRM, { checkout_id: second.checkout_id, signature: p2.confirm });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('déjà réglée');
      const s = await state(invoice.id);
      expect(s.payments).toHaveLength(1);
      expect(s.checkouts.map((k) => k.status).sort()).toEqual(['paid', 'pending']);
      expect((await page(second.url)).res.statusCode).toBe(409);
    });

    it('« Annuler » fails the checkout and goes back; it can no longer be paid', async () => {
      const { month, invoice, ref } = await billed();
      const { url, checkout_id } = (await start({ ...month, company: ref, amount: 1000, nb_agent: 1 })).json();
      const p = await page(url);
      // The confirmation's signature does not cancel, nor the other way round.
      expect((await post(CANCEL, { checkout_id, signature: p.confirm })).statusCode).toBe(400);
      const cancelled = await post(CANCEL, { checkout_id, signature: p.cancel });
      expect(cancelled.statusCode).toBe(303);
      expect(cancelled.headers.location).toBe(
        `/dashboard/company/facturation?cancelled=${encodeURIComponent(invoice.number)}`,
      );
      const refused = await post(CONFIRM, { checkout_id, signature: p.confirm });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('annulé');
      expect((await page(url)).res.statusCode).toBe(409);
      const s = await state(invoice.id);
      expect(s).toMatchObject({ invoice: 'unpaid', payments: [], checkouts: [{ status: 'failed' }] });
    });

    it('pays what is left after a partial payment entered by hand', async () => {
      const { month, invoice, ref, c } = await billed();
      const manual = await w.call('POST', '/api/companies/historics-payment', w.root, {
        company_id: c.company.id,
        invoice_id: invoice.id,
        amount: 400,
        method: 'cash',
        paid_at: c.today,
      });
      expect(manual.statusCode).toBe(200);
      const stale = expectErrorBody(await start({ ...month, company: ref, amount: 900, nb_agent: 1 }), 409);
      expect(stale.fields?.amount).toContain('6,00 USD');
      // The invoice's amount (what the list shows) or what is left: either way, what is left is charged.
      expect((await start({ ...month, company: ref, amount: 600, nb_agent: 1 })).statusCode).toBe(200);
      const { url, checkout_id } = (await start({ ...month, company: ref, amount: 1000, nb_agent: 1 })).json();
      const [charged] = await w.database.raw.query<{ amount: number }>(
        'SELECT amount FROM payment_checkouts WHERE id = $1',
        [checkout_id],
      );
      expect(charged.amount).toBe(600);
      const { confirm } = await page(url);
      expect((await post(CONFIRM, { checkout_id, signature: confirm })).statusCode).toBe(303);
      const s = await state(invoice.id);
      expect(s.invoice).toBe('paid');
      expect(s.payments.map((p) => [p.method, p.amount])).toEqual([
        ['cash', 400],
        ['sandbox', 600],
      ]);
    });
  });

  describe('forged or unknown confirmations change nothing', () => {
    it('bad signature, another checkout’s signature, unknown or malformed checkout, missing fields, JSON body', async () => {
      const { month, invoice, ref } = await billed();
      const { url, checkout_id } = (await start({ ...month, company: ref, amount: 1000, nb_agent: 1 })).json();
      const p = await page(url);
      const other = await billed();
      const otherStart = (await start({ ...other.month, company: other.ref, amount: 1000, nb_agent: 1 })).json();
      const otherSig = (await page(otherStart.url)).confirm;

      const forged = [
        { checkout_id, signature: 'x'.repeat(43) },
        { checkout_id, signature: `${p.confirm.slice(0, -1)}${p.confirm.endsWith('A') ? 'B' : 'A'}` },
        { checkout_id, signature: '' },
        { checkout_id, signature: otherSig },
        { checkout_id: otherStart.checkout_id, signature: p.confirm },
        { checkout_id: randomUUID(), signature: p.confirm },
        { checkout_id: 'not-a-uuid', signature: p.confirm },
        { checkout_id: '', signature: p.confirm },
      ];
      for (const f of forged) {
        const res = await post(CONFIRM, f);
        expect(res.statusCode, JSON.stringify(f)).toBe(400);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toMatch(/Paiement refusé/);
      }
      expect((await post(CONFIRM, {})).statusCode).toBe(400);
      const json = await w.app.inject({ method: 'POST', url: CONFIRM, payload: { checkout_id, signature: 'nope' } });
      expect(json.statusCode).toBe(400);

      for (const id of [invoice.id, other.invoice.id]) {
        const s = await state(id);
        expect(s.invoice).toBe('unpaid');
        expect(s.payments).toEqual([]);
        expect(s.checkouts).toEqual([{ status: 'pending', transaction_id: null, payment_id: null }]);
      }
      // The genuine one still works afterwards.
      expect((await post(CONFIRM, { checkout_id, signature: p.confirm })).statusCode).toBe(303);
    });

    it('an unknown checkout page is a 404 page', async () => {
      expect((await w.app.inject({ method: 'GET', url: `/pay/sandbox/${randomUUID()}` })).statusCode).toBe(404);
      expect((await w.app.inject({ method: 'GET', url: '/pay/sandbox/abc' })).statusCode).toBe(404);
    });
  });

  describe('pay-facturations refusals', () => {
    it('refuses bad input with French messages per field', async () => {
      const { month, ref } = await billed();
      const ok = { ...month, company: ref, amount: 1000, nb_agent: 1 };
      const bad = async (q: Record<string, string | number | undefined>, field: string) => {
        const body = expectErrorBody(await start(q), 400);
        expect(body.fields?.[field], JSON.stringify(body)).toBeTruthy();
        return body;
      };
      expect((await bad({ ...ok, company: undefined }, 'company')).fields?.company).toBe('La compagnie est requise');
      await bad({ ...ok, amount: undefined }, 'amount');
      await bad({ ...ok, amount: 'abc' }, 'amount');
      await bad({ ...ok, amount: 10.5 }, 'amount');
      await bad({ ...ok, nb_agent: 0 }, 'nb_agent');
      await bad({ ...ok, provider: 'paypal' }, 'provider');
      await bad({ ...ok, which: 'nobody' }, 'which');
      await bad({ ...ok, start_date: '2025-02-30' }, 'start_date');
      const twoMonths = await bad({ ...ok, start_date: '2025-01-01', end_date: '2025-02-28' }, 'end_date');
      expect(twoMonths.message).toMatch(/un mois/);
    });

    it('refuses an unknown company, nothing to bill, a stale amount or agent count, a provider not configured', async () => {
      const { month, ref, invoice } = await billed(2);
      const ok = { ...month, company: ref, amount: 2000, nb_agent: 2 };
      expectErrorBody(await start({ ...ok, company: 'NOPE42' }), 404);
      const idle = await companyWithSales(w.database, { agents: 1, sellers: 0 });
      expect(expectErrorBody(await start({ ...ok, company: idle.company.ref_code }), 409).code).toBe('NO_INVOICE');
      const amount = expectErrorBody(await start({ ...ok, amount: 1000 }), 409);
      expect(amount.code).toBe('INVOICE_CHANGED');
      expect(amount.fields?.amount).toMatch(/20,00 USD.*actualisez/);
      const agents = expectErrorBody(await start({ ...ok, nb_agent: 3 }), 409);
      expect(agents.fields?.nb_agent).toMatch(/2 vendeur\(s\) actif\(s\), pas 3/);
      expect(expectErrorBody(await start({ ...ok, provider: 'moncash' }), 409).message).toMatch(
        /MonCash n’est pas configuré/,
      );
      // Nothing was started.
      const rows = await w.database.raw.query('SELECT 1 FROM payment_checkouts WHERE invoice_id = $1', [invoice.id]);
      expect(rows).toHaveLength(0);
      // which=company: only the selected company.
      const staff = await createUser(w.database, { role: 'superuser', fullAccess: true });
      const token = (await login(w.app, staff.username)).accessToken;
      await w.call('POST', '/api/generals/company', token, { ref_code: idle.company.ref_code });
      expectErrorBody(await start({ ...ok, which: 'company' }, token), 404);
      expect((await start({ ...ok, which: 'superuser' }, token)).statusCode).toBe(200);
    });

    it('needs add_payment: view_payment alone, another codename or a company account are refused', async () => {
      const { month, ref, c, invoice } = await billed();
      const q = { ...month, company: ref, amount: 1000, nb_agent: 1 };
      expect(expectErrorBody(await start(q, w.viewer), 403).code).toBe('PERMISSION_DENIED');
      expectErrorBody(await start(q, w.stranger), 403);
      expectErrorBody(await start(q, await companyAdmin(w, c.company.id)), 403);
      expectErrorBody(await w.app.inject({ method: 'GET', url: `${PAY}?${qs(q)}` }), 401);
      const rows = await w.database.raw.query('SELECT 1 FROM payment_checkouts WHERE invoice_id = $1', [invoice.id]);
      expect(rows).toHaveLength(0);
    });
  });
});
