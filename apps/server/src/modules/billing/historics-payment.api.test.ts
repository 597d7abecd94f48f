import type { CompanyPayment, Invoice } from '@borlette/shared/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  billingWorld,
  companyAdmin,
  companyWithSales,
  monthRange,
  qs,
} from '../../../test/fixtures/billing.fixtures';
import { createCompany, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

const BASE = '/api/companies/historics-payment';

describeApi('billing: payment history (historics-payment)', () => {
  let w: BillingWorld;

  beforeAll(async () => {
    w = await billingWorld();
  });
  afterAll(() => w?.close());

  async function billed(sellers = 1) {
    const c = await companyWithSales(w.database, { agents: sellers });
    const month = monthRange(c.today);
    const invoice = (
      await w.call('GET', `/api/generals/facturations?${qs({ ...month, company: c.company.ref_code })}`, w.root)
    ).json().results[0] as Invoice;
    return { c, invoice, companyId: c.company.id, today: c.today };
  }
  const invoiceStatus = async (id: number) =>
    (await w.database.raw.query<{ status: string }>('SELECT status FROM invoices WHERE id = $1', [id]))[0].status;
  const create = (payload: object, token = w.root) => w.call('POST', BASE, token, payload);

  describe('entering payments by hand', () => {
    it('a payment of the full amount pays the invoice; it is listed, audited, and read back by id', async () => {
      const { invoice, companyId, today, c } = await billed();
      const res = await create({
        company_id: companyId,
        invoice_id: invoice.id,
        amount: 1000,
        method: 'transfer',
        reference: ' VIR-2025-001 ',
        paid_at: today,
        note: 'Reçu par la banque',
      });
      expect(res.statusCode).toBe(200);
      const p = res.json() as CompanyPayment;
      expect(p).toMatchObject({
        company_id: companyId,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        amount: 1000,
        currency: 'USD',
        method: 'transfer',
        reference: 'VIR-2025-001',
        note: 'Reçu par la banque',
        status: 'confirmed',
      });
      expect(p.company_name).toContain(c.company.ref_code);
      expect(p.paid_at.slice(0, 10)).toBe(today);
      expect(await invoiceStatus(invoice.id)).toBe('paid');
      expect((await w.call('GET', `${BASE}?id=${p.id}`, w.viewer)).json()).toEqual(p);
      const [entry] = await w.database.raw.query<{ action: string; company_id: number }>(
        "SELECT action, company_id FROM audit_log WHERE entity = 'company_payment' AND entity_id = $1",
        [String(p.id)],
      );
      expect(entry).toEqual({ action: 'create', company_id: companyId });
      // Nothing more to pay on it.
      const more = expectErrorBody(
        await create({ company_id: companyId, invoice_id: invoice.id, amount: 1, method: 'cash', paid_at: today }),
        409,
      );
      expect(more.code).toBe('INVOICE_PAID');
    });

    it('partial payments add up; more than what is left is refused; a payment without invoice is allowed', async () => {
      const { invoice, companyId, today } = await billed(2);
      expect(invoice.amount).toBe(2000);
      const base = { company_id: companyId, invoice_id: invoice.id, method: 'cash', paid_at: today };
      expect((await create({ ...base, amount: 500 })).statusCode).toBe(200);
      expect(await invoiceStatus(invoice.id)).toBe('unpaid');
      const over = expectErrorBody(await create({ ...base, amount: 1600 }), 400);
      expect(over.fields?.amount).toBe('Le montant dépasse le reste à payer de la facture (15,00 USD).');
      expect((await create({ ...base, amount: 1500 })).statusCode).toBe(200);
      expect(await invoiceStatus(invoice.id)).toBe('paid');

      const advance = await create({
        company_id: companyId,
        amount: 3000,
        method: 'other',
        paid_at: today,
        invoice_id: '',
      });
      expect(advance.statusCode).toBe(200);
      expect(advance.json()).toMatchObject({ invoice_id: null, invoice_number: null, currency: 'USD', amount: 3000 });
    });

    it('refuses bad input with French messages per field', async () => {
      const { invoice, companyId, today } = await billed();
      const other = await billed();
      const ok = { company_id: companyId, invoice_id: invoice.id, amount: 100, method: 'cash', paid_at: today };
      const bad = async (payload: object, field: string) => {
        const body = expectErrorBody(await create(payload), 400);
        expect(body.fields?.[field], JSON.stringify(body)).toBeTruthy();
        return body;
      };
      await bad({ ...ok, company_id: undefined }, 'company_id');
      expect((await bad({ ...ok, amount: 0 }, 'amount')).fields?.amount).toBe('Le montant doit être positif');
      await bad({ ...ok, amount: 'dix' }, 'amount');
      await bad({ ...ok, amount: 10.5 }, 'amount');
      expect((await bad({ ...ok, method: 'moncash' }, 'method')).fields?.method).toMatch(/espèces, virement, autre/);
      await bad({ ...ok, paid_at: '2025-02-30' }, 'paid_at');
      await bad({ ...ok, paid_at: undefined }, 'paid_at');
      await bad({ ...ok, reference: 'r'.repeat(121) }, 'reference');
      await bad({ ...ok, note: 'n'.repeat(301) }, 'note');
      await bad({ ...ok, invoice_id: -3 }, 'invoice_id');
      // Another company's invoice, an unknown invoice.
      expect((await bad({ ...ok, invoice_id: other.invoice.id }, 'invoice_id')).message).toMatch(/introuvable/);
      await bad({ ...ok, invoice_id: 987654 }, 'invoice_id');
      expectErrorBody(await create({ ...ok, company_id: 987654, invoice_id: null }), 404);
      expect(await invoiceStatus(invoice.id)).toBe('unpaid');
      expect(await invoiceStatus(other.invoice.id)).toBe('unpaid');
    });
  });

  describe('correcting and cancelling', () => {
    it('PUT corrects a payment; status cancelled reopens the invoice, confirmed again pays it', async () => {
      const { invoice, companyId, today } = await billed(2);
      const p = (
        await create({ company_id: companyId, invoice_id: invoice.id, amount: 1500, method: 'cash', paid_at: today })
      ).json() as CompanyPayment;
      const edit = { id: p.id, company_id: companyId, invoice_id: invoice.id, method: 'transfer', paid_at: today };
      const done = await w.call('PUT', BASE, w.root, { ...edit, amount: 2000, reference: 'VIR-9' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ amount: 2000, method: 'transfer', reference: 'VIR-9', status: 'confirmed' });
      expect(await invoiceStatus(invoice.id)).toBe('paid');
      // Its own amount does not count against it: 2000 again is fine, 2001 is too much.
      expect((await w.call('PUT', BASE, w.root, { ...edit, amount: 2000 })).statusCode).toBe(200);
      expectErrorBody(await w.call('PUT', BASE, w.root, { ...edit, amount: 2001 }), 400);
      // A payment stays with its company.
      const moved = expectErrorBody(
        await w.call('PUT', BASE, w.root, { ...edit, amount: 2000, company_id: (await createCompany(w.database)).id }),
        400,
      );
      expect(moved.fields?.company_id).toBeTruthy();

      const cancelled = await w.call('PUT', BASE, w.root, { ...edit, amount: 2000, status: 'cancelled' });
      expect(cancelled.json().status).toBe('cancelled');
      expect(await invoiceStatus(invoice.id)).toBe('unpaid');
      expect((await w.call('PUT', BASE, w.root, { ...edit, amount: 2000, status: 'confirmed' })).statusCode).toBe(200);
      expect(await invoiceStatus(invoice.id)).toBe('paid');
      expectErrorBody(await w.call('PUT', BASE, w.root, { ...edit, amount: 2000, status: 'gone' }), 400);
      expectErrorBody(await w.call('PUT', BASE, w.root, { ...edit, id: 987654, amount: 10 }), 404);
      const actions = await w.database.raw.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'company_payment' AND entity_id = $1 ORDER BY id",
        [String(p.id)],
      );
      expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'update', 'cancel', 'update']);
    });

    it('DELETE cancels a payment entered by hand (kept in the history) and reopens its invoice; online payments: 409', async () => {
      const { invoice, companyId, today } = await billed();
      const p = (
        await create({ company_id: companyId, invoice_id: invoice.id, amount: 1000, method: 'cash', paid_at: today })
      ).json() as CompanyPayment;
      expect(await invoiceStatus(invoice.id)).toBe('paid');
      const del = await w.call('DELETE', BASE, w.root, { id: p.id });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ ok: true });
      expect(await invoiceStatus(invoice.id)).toBe('unpaid');
      expect((await w.call('GET', `${BASE}?id=${p.id}`, w.root)).json().status).toBe('cancelled');
      // Again: nothing more to do.
      expect((await w.call('DELETE', `${BASE}?id=${p.id}`, w.root)).statusCode).toBe(200);
      expectErrorBody(await w.call('DELETE', `${BASE}?id=987654`, w.root), 404);
      expectErrorBody(await w.call('DELETE', BASE, w.root, {}), 400);

      const [online] = await w.database.raw.query<{ id: number }>(
        `INSERT INTO company_payments (company_id, invoice_id, amount, method, reference)
         VALUES ($1, $2, 1000, 'moncash', '123456') RETURNING id`,
        [companyId, invoice.id],
      );
      expect(expectErrorBody(await w.call('DELETE', BASE, w.root, { id: online.id }), 409).code).toBe('ONLINE_PAYMENT');
      const put = await w.call('PUT', BASE, w.root, {
        id: online.id,
        company_id: companyId,
        invoice_id: invoice.id,
        amount: 1,
        method: 'cash',
        paid_at: today,
      });
      expect(expectErrorBody(put, 409).message).toMatch(/en ligne/);
      expect((await w.call('GET', `${BASE}?id=${online.id}`, w.root)).json()).toMatchObject({
        status: 'confirmed',
        amount: 1000,
      });
    });
  });

  describe('the list', () => {
    it('filters, searches, sorts, pages and exports', async () => {
      const { invoice, companyId, today } = await billed(2);
      const base = { company_id: companyId, invoice_id: invoice.id, paid_at: today };
      await create({ ...base, amount: 300, method: 'cash', reference: 'CASH-A' });
      await create({ ...base, amount: 700, method: 'transfer', reference: 'VIR-B' });
      await create({ ...base, amount: 100, method: 'other', reference: 'AUTRE-C', paid_at: '2020-01-15' });

      const all = (await w.call('GET', `${BASE}?company_id=${companyId}`, w.root)).json();
      expect(all.count).toBe(3);
      // Newest payment first by default.
      expect(all.results.map((r: CompanyPayment) => r.reference)).toEqual(['VIR-B', 'CASH-A', 'AUTRE-C']);
      const transfers = (await w.call('GET', `${BASE}?company_id=${companyId}&method=transfer`, w.root)).json();
      expect(transfers.results.map((r: CompanyPayment) => r.amount)).toEqual([700]);
      const old = (
        await w.call(
          'GET',
          `${BASE}?${qs({ company_id: companyId, start_date: '2020-01-01', end_date: '2020-01-31' })}`,
          w.root,
        )
      ).json();
      expect(old.results.map((r: CompanyPayment) => r.reference)).toEqual(['AUTRE-C']);
      const found = (await w.call('GET', `${BASE}?search=cash-a`, w.root)).json();
      expect(found.results.map((r: CompanyPayment) => r.reference)).toEqual(['CASH-A']);
      const byInvoice = (await w.call('GET', `${BASE}?search=${encodeURIComponent(invoice.number)}`, w.root)).json();
      expect(byInvoice.count).toBe(3);
      const page = (
        await w.call('GET', `${BASE}?company_id=${companyId}&sort=amount&order=asc&page_size=2&page=2`, w.root)
      ).json();
      expect(page).toMatchObject({ count: 3, page: 2, page_size: 2 });
      expect(page.results.map((r: CompanyPayment) => r.amount)).toEqual([700]);

      const csv = await w.call('GET', `${BASE}?company_id=${companyId}&format=csv`, w.root);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/paiements-/);
      expect(csv.body.startsWith('\uFEFFDate;Compagnie;Facture;Montant')).toBe(true);
      expect(csv.body).toContain(`;${invoice.number};7,00;USD;virement;VIR-B;`);

      for (const q of ['method=bitcoin', 'start_date=hier', 'sort=password', 'page=0', 'company_id=abc', 'id=-1']) {
        expectErrorBody(await w.call('GET', `${BASE}?${q}`, w.root), 400);
      }
      expectErrorBody(await w.call('GET', `${BASE}?id=987654`, w.root), 404);
    });
  });

  describe('who may do what, and which company', () => {
    it('a superuser acting on a selected company sees and changes only its payments (another one’s: 404)', async () => {
      const a = await billed();
      const b = await billed();
      const pa = (
        await create({
          company_id: a.companyId,
          invoice_id: a.invoice.id,
          amount: 200,
          method: 'cash',
          paid_at: a.today,
        })
      ).json() as CompanyPayment;
      const pb = (
        await create({
          company_id: b.companyId,
          invoice_id: b.invoice.id,
          amount: 200,
          method: 'cash',
          paid_at: b.today,
        })
      ).json() as CompanyPayment;
      const staff = await createUser(w.database, { role: 'superuser', fullAccess: true });
      const token = (await login(w.app, staff.username)).accessToken;
      await w.call('POST', '/api/generals/company', token, { ref_code: a.c.company.ref_code });

      const list = (await w.call('GET', BASE, token)).json();
      expect(list.results.map((r: CompanyPayment) => r.company_id)).toEqual([a.companyId]);
      const foreign = await w.call('GET', `${BASE}?id=${pb.id}`, token);
      expectErrorBody(foreign, 404);
      expect(foreign.body).not.toContain(b.invoice.number);
      expect((await w.call('GET', `${BASE}?company_id=${b.companyId}`, token)).json().count).toBe(0);
      const edit = {
        id: pb.id,
        company_id: b.companyId,
        invoice_id: b.invoice.id,
        amount: 1,
        method: 'cash',
        paid_at: b.today,
      };
      expectErrorBody(await w.call('PUT', BASE, token, edit), 404);
      expectErrorBody(await w.call('DELETE', BASE, token, { id: pb.id }), 404);
      expectErrorBody(
        await w.call('POST', BASE, token, { company_id: b.companyId, amount: 5, method: 'cash', paid_at: b.today }),
        404,
      );
      expect((await w.call('GET', `${BASE}?id=${pb.id}`, w.root)).json()).toMatchObject({
        amount: 200,
        status: 'confirmed',
      });
      expect((await w.call('GET', `${BASE}?id=${pa.id}`, token)).statusCode).toBe(200);

      // Back to all companies, within a country: another country's payments are out of sight.
      await w.call('POST', '/api/generals/company', token, { ref_code: 'all' });
      const us = await createCompany(w.database, { country: 'US' });
      const pus = (await create({ company_id: us.id, amount: 50, method: 'cash', paid_at: a.today })).json();
      await w.call('POST', '/api/generals/country', token, { country_code: 'HT' });
      expectErrorBody(await w.call('GET', `${BASE}?id=${pus.id}`, token), 404);
      expect((await w.call('GET', `${BASE}?id=${pa.id}`, token)).statusCode).toBe(200);
    });

    it('codenames: view_payment reads, add_payment enters, change_payment corrects and cancels; company accounts never', async () => {
      const { invoice, companyId, today } = await billed();
      const p = (
        await create({ company_id: companyId, invoice_id: invoice.id, amount: 100, method: 'cash', paid_at: today })
      ).json() as CompanyPayment;
      const adder = (
        await login(w.app, (await createUser(w.database, { role: 'superuser', permissions: ['add_payment'] })).username)
      ).accessToken;
      const admin = await companyAdmin(w, companyId);
      const body = { company_id: companyId, invoice_id: invoice.id, amount: 100, method: 'cash', paid_at: today };
      const edit = { ...body, id: p.id };

      expect((await w.call('GET', BASE, w.viewer)).statusCode).toBe(200);
      expect(expectErrorBody(await w.call('POST', BASE, w.viewer, body), 403).code).toBe('PERMISSION_DENIED');
      expectErrorBody(await w.call('PUT', BASE, w.viewer, edit), 403);
      expectErrorBody(await w.call('DELETE', BASE, w.viewer, { id: p.id }), 403);
      expectErrorBody(await w.call('GET', BASE, adder), 403);
      expect((await w.call('POST', BASE, adder, body)).statusCode).toBe(200);
      expectErrorBody(await w.call('PUT', BASE, adder, edit), 403);
      expectErrorBody(await w.call('DELETE', BASE, adder, { id: p.id }), 403);
      for (const token of [w.stranger, admin]) {
        expectErrorBody(await w.call('GET', BASE, token), 403);
        expectErrorBody(await w.call('POST', BASE, token, body), 403);
        expectErrorBody(await w.call('PUT', BASE, token, edit), 403);
        expectErrorBody(await w.call('DELETE', BASE, token, { id: p.id }), 403);
      }
      expectErrorBody(await w.app.inject({ method: 'GET', url: BASE }), 401);
      // Only the adder's payment was added; the first one is untouched.
      const rows = await w.database.raw.query<{ amount: number; status: string }>(
        'SELECT amount, status FROM company_payments WHERE invoice_id = $1 ORDER BY id',
        [invoice.id],
      );
      expect(rows).toEqual([
        { amount: 100, status: 'confirmed' },
        { amount: 100, status: 'confirmed' },
      ]);
    });
  });
});
