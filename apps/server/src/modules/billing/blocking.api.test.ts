import { randomUUID } from 'node:crypto';
import type { Invoice } from '@borlette/shared/contracts/billing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SellingCompany } from '../../../test/engine-fixtures';
import {
  type BillingWorld,
  billingWorld,
  companyWithSales,
  monthBefore,
  monthRange,
  pastActivity,
  qs,
} from '../../../test/fixtures/billing.fixtures';
import { describeApi, expectErrorBody, login } from '../../../test/helpers';
import { invoiceLastMonth, lastMonth } from './invoices.service';

/**
 * A company unpaid past its grace stops selling (the SQL sale refuses it: COMPANY_UNPAID) until it
 * pays; the invoices list shows it `overdue`. Through the real HTTP layer of the agents' sale.
 */
describeApi('billing: a company unpaid past its grace cannot sell until it pays', () => {
  let w: BillingWorld;
  let c: SellingCompany;
  let agent: string;

  beforeAll(async () => {
    w = await billingWorld();
    c = await companyWithSales(w.database, { agents: 1 });
    agent = (await login(w.app, c.agents[0].username)).accessToken;
  });
  afterAll(() => w?.close());

  const sellNow = () =>
    w.call('POST', '/api/agents/fiches', agent, {
      idempotency_key: randomUUID(),
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '45', stake: 500 }],
    });
  const invoices = async (range: { start_date: string; end_date: string }) =>
    (await w.call('GET', `/api/generals/facturations?${qs({ ...range, company: c.company.ref_code })}`, w.root)).json()
      .results as Invoice[];
  const frenchDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

  it('sells while its invoices are within their grace; refused once one is overdue; sells again once it is paid', async () => {
    // This month's invoice is due at the month's end: no effect on the sale.
    const current = await invoices(monthRange(c.today));
    expect(current[0]).toMatchObject({ status: 'unpaid', overdue: false });
    expect((await sellNow()).statusCode).toBe(200);

    // Two months ago the agent sold too, and that invoice was never paid.
    const old = monthRange(`${monthBefore(c.today, 2)}-01`);
    await pastActivity(w.database, c.company.id, old.start_date.slice(0, 7), 1);
    const [overdue] = await invoices(old);
    expect(overdue).toMatchObject({ status: 'unpaid', overdue: true, due_date: old.end_date, amount: 1000 });

    const refused = expectErrorBody(await sellNow(), 403);
    expect(refused.code).toBe('COMPANY_UNPAID');
    expect(refused.message).toBe(
      `La vente est suspendue : une facture de la compagnie est impayée depuis le ${frenchDay(old.end_date)}. Elle reprend dès le paiement.`,
    );

    // A longer grace for this company lifts it; back to 15 days, refused again.
    const settings = (grace: number) =>
      w.call('PUT', '/api/generals/billing-settings', w.root, {
        company_id: c.company.id,
        prices: [{ min: 1, price: 1000 }],
        billing_grace_days: grace,
      });
    expect((await settings(365)).statusCode).toBe(200);
    expect((await invoices(old))[0].overdue).toBe(false);
    expect((await sellNow()).statusCode).toBe(200);
    expect((await settings(15)).statusCode).toBe(200);
    expectErrorBody(await sellNow(), 403);

    // Paid online (sandbox): the sale goes through at once.
    const start = await w.call(
      'GET',
      `/api/generals/pay-facturations?${qs({ ...old, company: c.company.ref_code, amount: 1000, nb_agent: 1 })}`,
      w.root,
    );
    expect(start.statusCode).toBe(200);
    const page = await w.app.inject({ method: 'GET', url: start.json().url });
    const signature = /name="signature" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirm = await w.app.inject({
      method: 'POST',
      url: '/api/public/payments/sandbox/confirm',
      payload: new URLSearchParams({ checkout_id: start.json().checkout_id, signature }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirm.statusCode).toBe(303);
    expect((await invoices(old))[0]).toMatchObject({ status: 'paid', overdue: false });
    expect((await sellNow()).statusCode).toBe(200);
  });

  it('a payment entered by hand unblocks; cancelling it blocks again', async () => {
    const older = monthRange(`${monthBefore(c.today, 3)}-01`);
    await pastActivity(w.database, c.company.id, older.start_date.slice(0, 7), 2);
    const [inv] = await invoices(older);
    expect(inv).toMatchObject({ overdue: true, amount: 2000 });
    expect(expectErrorBody(await sellNow(), 403).code).toBe('COMPANY_UNPAID');

    const paid = await w.call('POST', '/api/companies/historics-payment', w.root, {
      company_id: c.company.id,
      invoice_id: inv.id,
      amount: 2000,
      method: 'cash',
      paid_at: c.today,
    });
    expect(paid.statusCode).toBe(200);
    expect((await sellNow()).statusCode).toBe(200);

    expect((await w.call('DELETE', `/api/companies/historics-payment?id=${paid.json().id}`, w.root)).statusCode).toBe(
      200,
    );
    expect((await invoices(older))[0]).toMatchObject({ status: 'unpaid', overdue: true });
    expect(expectErrorBody(await sellNow(), 403).code).toBe('COMPANY_UNPAID');

    // Settled again for the next test.
    expect(
      (
        await w.call('POST', '/api/companies/historics-payment', w.root, {
          company_id: c.company.id,
          invoice_id: inv.id,
          amount: 2000,
          method: 'transfer',
          paid_at: c.today,
        })
      ).statusCode,
    ).toBe(200);
    expect((await sellNow()).statusCode).toBe(200);
  });

  it('last month is invoiced automatically (the server’s timer), without anybody opening the invoices', async () => {
    // The timer runs with the server's clock; here, the clock of the company's today.
    const now = new Date(`${c.today}T12:00:00Z`);
    const month = lastMonth(now);
    await pastActivity(w.database, c.company.id, month.slice(0, 7), 3);
    // No grace: overdue from the day after the month's end, i.e. now.
    await w.database.raw.query('UPDATE company_settings SET billing_grace_days = 0 WHERE company_id = $1', [
      c.company.id,
    ]);
    expect(
      await w.database.raw.query('SELECT 1 FROM invoices WHERE company_id = $1 AND period_start = $2', [
        c.company.id,
        month,
      ]),
    ).toHaveLength(0);
    expect(await invoiceLastMonth(w.database.raw, now)).toBe(month);
    const [row] = await w.database.raw.query<{ active_agents: number; status: string }>(
      'SELECT active_agents, status FROM invoices WHERE company_id = $1 AND period_start = $2',
      [c.company.id, month],
    );
    expect(row).toEqual({ active_agents: 3, status: 'unpaid' });
    expect(expectErrorBody(await sellNow(), 403).code).toBe('COMPANY_UNPAID');
  });
});
