import type { Invoice } from '@borlette/shared/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sell } from '../../../test/engine-fixtures';
import {
  type BillingWorld,
  billingWorld,
  companyAdmin,
  companyWithSales,
  FACTURATIONS,
  invoiceReader,
  monthBefore,
  monthRange,
  pastActivity,
  qs,
} from '../../../test/fixtures/billing.fixtures';
import { createCompany, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

const SETTINGS = '/api/generals/billing-settings';

describeApi('billing: invoices (facturations), ladder, PDF', () => {
  let w: BillingWorld;
  /** Companies selling today: A (3 agents, 2 sell), B (1 agent sells), C (2 agents, none sells). */
  let A: Awaited<ReturnType<typeof companyWithSales>>;
  let B: Awaited<ReturnType<typeof companyWithSales>>;
  let C: Awaited<ReturnType<typeof companyWithSales>>;
  let month: { start_date: string; end_date: string };
  let past: string;
  let pastRange: { start_date: string; end_date: string };

  const { list, invoiceOf } = invoiceReader(() => w);

  beforeAll(async () => {
    w = await billingWorld();
    A = await companyWithSales(w.database, { agents: 3, sellers: 2 });
    B = await companyWithSales(w.database, { agents: 1 });
    C = await companyWithSales(w.database, { agents: 2, sellers: 0 });
    month = monthRange(A.today);
    past = monthBefore(A.today, 2);
    pastRange = monthRange(`${past}-01`);
  });
  afterAll(() => w?.close());

  describe('computation', () => {
    it('bills each company its active agents of the month × the price of its tier, and only what it owes', async () => {
      const page = await list(w.root, { ...month, page_size: 100 });
      const a = page.results.find((r) => r.company_id === A.company.id);
      const b = page.results.find((r) => r.company_id === B.company.id);
      expect(a).toMatchObject({
        company_ref: A.company.ref_code,
        period_start: month.start_date,
        period_end: month.end_date,
        active_agents: 2,
        price_per_agent: 1000,
        amount: 2000,
        currency: 'USD',
        status: 'unpaid',
        overdue: false,
        due_date: month.end_date,
        paid_at: null,
      });
      expect(a?.number).toBe(
        `FAC-${month.start_date.slice(0, 4)}${month.start_date.slice(5, 7)}-${A.company.ref_code}-${a?.id}`,
      );
      expect(b).toMatchObject({ active_agents: 1, price_per_agent: 1000, amount: 1000, status: 'unpaid' });
      // Nobody sold at C: nothing to bill, no invoice.
      expect(page.results.some((r) => r.company_id === C.company.id)).toBe(false);
      expect(page.totals.currency).toBe('USD');
      expect(page.totals.amount).toBe(page.results.reduce((s, r) => s + r.amount, 0));

      // Reading again changes nothing (same ids, same numbers).
      const again = await list(w.root, { ...month, page_size: 100 });
      expect(again.results.find((r) => r.company_id === A.company.id)).toEqual(a);
    });

    it('applies the ladder of docs/domain.md at every tier; an agent active several days counts once; idle agents do not count', async () => {
      const cases = [
        { active: 9, price: 1000 },
        { active: 10, price: 900 },
        { active: 25, price: 800 },
        { active: 30, price: 700 },
        { active: 55, price: 600 },
      ];
      const refs: string[] = [];
      for (const c of cases) {
        const co = await createCompany(w.database);
        await pastActivity(w.database, co.id, past, c.active, 4);
        refs.push(co.ref_code);
      }
      const page = await list(w.root, { ...pastRange, page_size: 100 });
      for (const [i, c] of cases.entries()) {
        const inv = page.results.find((r) => r.company_ref === refs[i]);
        expect(inv, `${c.active} agents`).toMatchObject({
          active_agents: c.active,
          price_per_agent: c.price,
          amount: c.active * c.price,
          period_start: pastRange.start_date,
          period_end: pastRange.end_date,
          status: 'unpaid',
          // Two months ago, unpaid: past its due date + 15 days of grace.
          overdue: true,
        });
      }
      // Those months are not mixed with the current one.
      expect(page.results.some((r) => r.company_id === A.company.id)).toBe(false);
      const both = await list(w.root, { start_date: pastRange.start_date, end_date: month.end_date, page_size: 100 });
      expect(both.results.some((r) => r.company_id === A.company.id)).toBe(true);
      expect(both.results.some((r) => r.company_ref === refs[0])).toBe(true);
    });

    it('follows the company’s own ladder and grace, edited by the superuser', async () => {
      const co = await createCompany(w.database);
      await pastActivity(w.database, co.id, past, 6);
      expect(await invoiceOf(co.ref_code, pastRange)).toMatchObject({ active_agents: 6, amount: 6000, overdue: true });

      const get = await w.call('GET', `${SETTINGS}?company_id=${co.id}`, w.viewer);
      expect(get.statusCode).toBe(200);
      expect(get.json()).toEqual({
        company_id: co.id,
        prices: [
          { min: 1, price: 1000 },
          { min: 10, price: 900 },
          { min: 20, price: 800 },
          { min: 30, price: 700 },
          { min: 50, price: 600 },
        ],
        billing_grace_days: 15,
      });
      const put = await w.call('PUT', SETTINGS, w.root, {
        company_id: co.id,
        prices: [
          { min: 1, price: 1500 },
          { min: 5, price: 1200 },
        ],
        billing_grace_days: 400 - 35,
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        prices: [
          { min: 1, price: 1500 },
          { min: 5, price: 1200 },
        ],
        billing_grace_days: 365,
      });
      // Recomputed (unpaid), and no longer overdue with a year of grace.
      expect(await invoiceOf(co.ref_code, pastRange)).toMatchObject({
        active_agents: 6,
        price_per_agent: 1200,
        amount: 7200,
        overdue: false,
      });
      const [entry] = await w.database.raw.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'billing_settings' AND entity_id = $1",
        [String(co.id)],
      );
      expect(entry.action).toBe('update');
    });

    it('never recomputes a paid invoice', async () => {
      const co = await companyWithSales(w.database, { agents: 3, sellers: 1 });
      const range = monthRange(co.today);
      const inv = (await invoiceOf(co.company.ref_code, range)) as Invoice;
      expect(inv).toMatchObject({ active_agents: 1, amount: 1000, status: 'unpaid' });
      const paid = await w.call('POST', '/api/companies/historics-payment', w.root, {
        company_id: co.company.id,
        invoice_id: inv.id,
        amount: 1000,
        method: 'cash',
        paid_at: co.today,
      });
      expect(paid.statusCode).toBe(200);
      // Two more agents sell after the payment.
      for (const a of co.agents.slice(1)) {
        await sell(w.database.raw, {
          companyId: co.company.id,
          agentId: a.id,
          tirages: [co.tirages[0].id],
          lines: [{ code: 20, number: '11', stake: 500 }],
        });
      }
      const after = await invoiceOf(co.company.ref_code, range);
      expect(after).toMatchObject({ id: inv.id, active_agents: 1, amount: 1000, status: 'paid', overdue: false });
      expect(after?.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('cancels an invoice left with nothing to bill, and bills it again when agents sell again', async () => {
      const co = await companyWithSales(w.database, { agents: 1, sellers: 0 });
      const admin = await companyAdmin(w, co.company.id);
      const ticket = await sell(w.database.raw, {
        companyId: co.company.id,
        agentId: co.agents[0].id,
        tirages: [co.tirages[0].id],
        lines: [{ code: 20, number: '22', stake: 500 }],
      });
      const range = monthRange(co.today);
      const inv = (await invoiceOf(co.company.ref_code, range)) as Invoice;
      expect(inv).toMatchObject({ active_agents: 1, amount: 1000, status: 'unpaid' });
      const del = await w.call('PUT', '/api/companies/fiche', admin, {
        id: ticket.id,
        action: 'delete',
        reason: 'Erreur de saisie',
      });
      expect(del.statusCode).toBe(200);
      expect(await invoiceOf(co.company.ref_code, range)).toMatchObject({
        id: inv.id,
        active_agents: 0,
        amount: 0,
        status: 'cancelled',
        overdue: false,
      });
      await sell(w.database.raw, {
        companyId: co.company.id,
        agentId: co.agents[0].id,
        tirages: [co.tirages[0].id],
        lines: [{ code: 20, number: '23', stake: 500 }],
      });
      expect(await invoiceOf(co.company.ref_code, range)).toMatchObject({ id: inv.id, amount: 1000, status: 'unpaid' });
    });

    it('defaults to the current month (UTC)', async () => {
      const page = await list(w.root, { page_size: 100 });
      const now = new Date().toISOString().slice(0, 7);
      for (const r of page.results) expect(r.period_start).toBe(`${now}-01`);
      // Only an end date or only a start date: that date's month.
      const onlyEnd = await list(w.root, { end_date: pastRange.end_date, page_size: 100 });
      expect(onlyEnd.results.length).toBeGreaterThan(0);
      for (const r of onlyEnd.results) expect(r.period_start).toBe(pastRange.start_date);
    });
  });

  describe('scope, filters, pages, export', () => {
    it('filters by company (ref), status and search; pages; totals cover the whole selection', async () => {
      const one = await list(w.root, { ...month, company: B.company.ref_code.toLowerCase() });
      expect(one.results.map((r) => r.company_id)).toEqual([B.company.id]);
      expect(one.totals).toEqual({ amount: 1000, paid: 0, unpaid: 1000, currency: 'USD' });

      const first = await list(w.root, { ...month, page_size: 1, sort: 'amount', order: 'desc' });
      expect(first.results).toHaveLength(1);
      expect(first.count).toBeGreaterThanOrEqual(3);
      expect(first.totals.amount).toBeGreaterThan(first.results[0].amount);
      const second = await list(w.root, { ...month, page_size: 1, page: 2, sort: 'amount', order: 'desc' });
      expect(second.results[0].id).not.toBe(first.results[0].id);
      expect(second.results[0].amount).toBeLessThanOrEqual(first.results[0].amount);

      const paidOnly = await list(w.root, { ...month, status: 'paid', page_size: 100 });
      expect(paidOnly.results.length).toBeGreaterThan(0);
      expect(paidOnly.results.every((r) => r.status === 'paid')).toBe(true);
      expect(paidOnly.totals.unpaid).toBe(0);

      const found = await list(w.root, { ...month, search: A.company.ref_code.toLowerCase() });
      expect(found.results.map((r) => r.company_id)).toEqual([A.company.id]);
    });

    it('which=company is the selected company alone; the selected country limits the companies', async () => {
      const admin = await createUser(w.database, { role: 'superuser', fullAccess: true });
      const token = (await login(w.app, admin.username)).accessToken;
      expectErrorBody(await w.call('GET', `${FACTURATIONS}?${qs({ ...month, which: 'company' })}`, token), 409);
      await w.call('POST', '/api/generals/company', token, { ref_code: A.company.ref_code });
      const mine = await list(token, { ...month, which: 'company' });
      expect(mine.results.map((r) => r.company_id)).toEqual([A.company.id]);
      // Another company named with which=company: not found.
      expectErrorBody(
        await w.call(
          'GET',
          `${FACTURATIONS}?${qs({ ...month, which: 'company', company: B.company.ref_code })}`,
          token,
        ),
        404,
      );
      // which defaults to 'superuser': every company, whatever the selection.
      expect((await list(token, { ...month, page_size: 100 })).results.length).toBeGreaterThan(1);

      // A company of another country.
      const us = await createCompany(w.database, { country: 'US' });
      await pastActivity(w.database, us.id, past, 3);
      expect((await list(token, { ...pastRange, page_size: 100 })).results.some((r) => r.company_id === us.id)).toBe(
        true,
      );
      await w.call('POST', '/api/generals/country', token, { country_code: 'HT' });
      const ht = await list(token, { ...pastRange, page_size: 100 });
      expect(ht.results.length).toBeGreaterThan(0);
      expect(ht.results.some((r) => r.company_id === us.id)).toBe(false);
      expectErrorBody(await w.call('GET', `${FACTURATIONS}?${qs({ ...pastRange, company: us.ref_code })}`, token), 404);
    });

    it('exports the selection as CSV', async () => {
      const res = await w.call('GET', `${FACTURATIONS}?${qs({ ...month, format: 'csv' })}`, w.root);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="factures-/);
      expect(res.body.startsWith('\uFEFFNuméro;Compagnie;Code')).toBe(true);
      const a = await invoiceOf(A.company.ref_code, month);
      expect(res.body).toContain(`${a?.number};`);
      expect(res.body).toContain(';20,00;USD;impayée;non;');
    });
  });

  describe('refusals', () => {
    it('refuses bad input with French messages per field', async () => {
      const bad = async (q: Record<string, string>, field: string) => {
        const body = expectErrorBody(await w.call('GET', `${FACTURATIONS}?${qs(q)}`, w.root), 400);
        expect(body.fields?.[field], JSON.stringify(body)).toBeTruthy();
        return body;
      };
      expect((await bad({ start_date: '2025-13-01' }, 'start_date')).fields?.start_date).toMatch(/date de début/);
      await bad({ start_date: '2025-03-01', end_date: '2025-02-01' }, 'end_date');
      await bad({ start_date: '2024-01-01', end_date: '2025-06-01' }, 'end_date');
      await bad({ which: 'everyone' }, 'which');
      await bad({ status: 'late' }, 'status');
      await bad({ page_size: '1000' }, 'page_size');
      await bad({ format: 'xlsx' }, 'format');
      expectErrorBody(await w.call('GET', `${FACTURATIONS}?sort=password`, w.root), 400);
      expectErrorBody(await w.call('GET', `${FACTURATIONS}?company=NOPE99`, w.root), 404);

      const settings = async (payload: object, field: string) => {
        const body = expectErrorBody(await w.call('PUT', SETTINGS, w.root, payload), 400);
        expect(
          Object.keys(body.fields ?? {}).some((k) => k.startsWith(field)),
          JSON.stringify(body),
        ).toBe(true);
      };
      const base = { company_id: A.company.id, prices: [{ min: 1, price: 1000 }], billing_grace_days: 15 };
      await settings({ ...base, prices: [] }, 'prices');
      await settings(
        {
          ...base,
          prices: [
            { min: 1, price: 900 },
            { min: 1, price: 800 },
          ],
        },
        'prices',
      );
      await settings({ ...base, prices: [{ min: 3, price: 900 }] }, 'prices');
      await settings({ ...base, prices: [{ min: 1, price: -5 }] }, 'prices');
      await settings({ ...base, billing_grace_days: -1 }, 'billing_grace_days');
      await settings({ ...base, company_id: 'x' }, 'company_id');
      expectErrorBody(await w.call('PUT', SETTINGS, w.root, { ...base, company_id: 987654 }), 404);
      expectErrorBody(await w.call('GET', `${SETTINGS}?company_id=987654`, w.root), 404);
      expectErrorBody(await w.call('GET', SETTINGS, w.root), 400);
    });

    it('refuses platform staff without the codename and every company user (403), and anonymous calls (401)', async () => {
      const admin = await companyAdmin(w, A.company.id);
      const urls = [`${FACTURATIONS}?${qs(month)}`, `${SETTINGS}?company_id=${A.company.id}`];
      for (const url of urls) {
        expect(expectErrorBody(await w.call('GET', url, w.stranger), 403).code).toBe('PERMISSION_DENIED');
        expectErrorBody(await w.call('GET', url, admin), 403);
        expectErrorBody(await w.app.inject({ method: 'GET', url }), 401);
        expect((await w.call('GET', url, w.viewer)).statusCode).toBe(200);
      }
      const body = { company_id: A.company.id, prices: [{ min: 1, price: 1 }], billing_grace_days: 1 };
      expect(expectErrorBody(await w.call('PUT', SETTINGS, w.viewer, body), 403).code).toBe('PERMISSION_DENIED');
      expectErrorBody(await w.call('PUT', SETTINGS, admin, body), 403);
      // Nothing changed.
      const settings = (await w.call('GET', `${SETTINGS}?company_id=${A.company.id}`, w.root)).json();
      expect(settings.billing_grace_days).toBe(15);
    });
  });
});
