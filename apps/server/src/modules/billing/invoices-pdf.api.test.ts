import type { Invoice } from '@borlette/shared/contracts/billing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type BillingWorld,
  billingWorld,
  companyAdmin,
  companyWithSales,
  FACTURATIONS,
  invoiceReader,
  monthRange,
  pdfText,
} from '../../../test/fixtures/billing.fixtures';
import { describeApi, expectErrorBody } from '../../../test/helpers';

describeApi('billing: the invoice PDF', () => {
  let w: BillingWorld;
  /** Companies selling today: A (3 agents, 2 sell), B (1 agent sells; its invoice gets paid). */
  let A: Awaited<ReturnType<typeof companyWithSales>>;
  let B: Awaited<ReturnType<typeof companyWithSales>>;
  let month: { start_date: string; end_date: string };

  const { list, invoiceOf } = invoiceReader(() => w);

  beforeAll(async () => {
    w = await billingWorld();
    A = await companyWithSales(w.database, { agents: 3, sellers: 2 });
    B = await companyWithSales(w.database, { agents: 1 });
    month = monthRange(A.today);
  });
  afterAll(() => w?.close());

  it('is a real PDF of the invoice: platform, company, number, period, line, totals, status, due date', async () => {
    await w.database.raw.query(
      "UPDATE companies SET address = 'Rue Capois 12', phone = '+509 3700 1111' WHERE id = $1",
      [A.company.id],
    );
    const inv = (await invoiceOf(A.company.ref_code, month)) as Invoice;
    const res = await w.call('GET', `${FACTURATIONS}/${inv.id}/pdf`, w.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${inv.number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    for (const s of [
      'Borlette',
      'FACTURE',
      inv.number,
      inv.company_name,
      A.company.ref_code,
      'Rue Capois 12',
      '+509 3700 1111',
      'Haïti',
      `du ${day(month.start_date)} au ${day(month.end_date)}`,
      'Vendeurs actifs',
      '10,00 USD',
      '20,00 USD',
      'IMPAYÉE',
      `Échéance : ${day(inv.due_date)}`,
    ]) {
      expect(text, s).toContain(s);
    }

    const dl = await w.call('GET', `${FACTURATIONS}/${inv.id}/pdf?download=1`, w.root);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${inv.number}.pdf"`);
  });

  it('says PAYÉE with its payment once paid', async () => {
    const inv = (await invoiceOf(B.company.ref_code, month)) as Invoice;
    const pay = await w.call('POST', '/api/companies/historics-payment', w.root, {
      company_id: B.company.id,
      invoice_id: inv.id,
      amount: inv.amount,
      method: 'cash',
      paid_at: B.today,
    });
    expect(pay.statusCode).toBe(200);
    const paid = (await list(w.root, { ...month, status: 'paid' })).results[0];
    expect(paid.id).toBe(inv.id);
    const text = pdfText((await w.call('GET', `${FACTURATIONS}/${paid.id}/pdf`, w.root)).rawPayload);
    expect(text).toContain('PAYÉE');
    expect(text).not.toContain('IMPAYÉE');
    expect(text).toContain('Espèces');
  });

  it('refuses an unknown or malformed id, and who may not see invoices', async () => {
    expectErrorBody(await w.call('GET', `${FACTURATIONS}/987654/pdf`, w.root), 404);
    expectErrorBody(await w.call('GET', `${FACTURATIONS}/abc/pdf`, w.root), 400);
    const inv = (await invoiceOf(A.company.ref_code, month)) as Invoice;
    expectErrorBody(await w.call('GET', `${FACTURATIONS}/${inv.id}/pdf?download=yes`, w.root), 400);
    expectErrorBody(await w.call('GET', `${FACTURATIONS}/${inv.id}/pdf`, w.stranger), 403);
    expectErrorBody(await w.call('GET', `${FACTURATIONS}/${inv.id}/pdf`, await companyAdmin(w, A.company.id)), 403);
    expectErrorBody(await w.app.inject({ method: 'GET', url: `${FACTURATIONS}/${inv.id}/pdf` }), 401);
  });
});
