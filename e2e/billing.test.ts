import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * Platform billing in a real browser: the superuser opens this month's invoices (the demo company
 * sold today, so it has active agents), views an invoice's PDF, pays it through the built-in sandbox
 * provider (our page → the server's checkout page → back on the payment history), and then sees the
 * payment in the history and the invoice « Payée ».
 */
describeBrowser('platform billing: invoice, PDF, online payment (sandbox), history', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('the superuser views an invoice as PDF, pays it online and finds it paid', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');

    // 1. This month's invoices: the demo company's is unpaid.
    await page.goto('/dashboard/company/facturation');
    const table = page.getByRole('table', { name: 'Factures' });
    const row = table.getByRole('row', { name: /Borlette Démo/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Impayée/);
    const [invoice] = await h.database.raw.query<{ id: number; number: string; amount: number; active_agents: number }>(
      `SELECT i.id, i.number, i.amount, i.active_agents FROM invoices i JOIN companies c ON c.id = i.company_id
        WHERE c.ref_code = 'DEMO' AND i.status = 'unpaid'`,
    );
    expect(invoice.active_agents).toBeGreaterThan(0);
    expect(await row.textContent()).toContain(invoice.number);
    await expect.poll(() => page.getByRole('region', { name: 'Totaux de la période' }).textContent()).toMatch(/Impayé/);

    // 2. Its PDF, fetched with the token and shown in the page; « Télécharger » saves it under its number.
    const actions = page.getByRole('button', { name: `Actions pour la facture ${invoice.number} (Borlette Démo)` });
    await actions.click();
    const pdfAnswer = page.waitForResponse((r) => r.url().includes(`/api/generals/facturations/${invoice.id}/pdf`));
    await page.getByRole('menuitem', { name: 'Voir le PDF' }).click();
    await page.waitForURL(`**/dashboard/company/facturation/${invoice.id}/pdf`);
    const answer = await pdfAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
    await page.getByRole('heading', { name: `Facture ${invoice.number}` }).waitFor();
    const viewer = page.getByTestId('invoice-pdf');
    const blocked = page.getByTestId('invoice-pdf-blocked');
    await viewer.or(blocked).waitFor();
    await page.waitForTimeout(500);
    // Shown in the page by the browser's viewer (a blob URL in an iframe): the server's CSP must allow
    // `frame-src blob:`, otherwise the page falls back to a « cannot show » card.
    expect.soft(await blocked.count(), 'PDF blocked by the Content-Security-Policy (frame-src blob:)').toBe(0);
    expect.soft((await viewer.getAttribute('src', { timeout: 1000 }).catch(() => null)) ?? '').toMatch(/^blob:/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger' }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    expect(
      readFileSync((await file.path()) as string)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(/\/dashboard\/company\/facturation$/);

    // 3. « Payer en ligne »: the invoice is shown, « Payer » goes to the sandbox's checkout page.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Payer en ligne' }).click();
    await page.waitForURL(/\/dashboard\/company\/pay-facturation\?/);
    expect(new URL(page.url()).searchParams.get('amount')).toBe(String(invoice.amount));
    await page.getByRole('heading', { name: invoice.number }).waitFor();
    expect(await page.getByRole('radio', { name: /sandbox/ }).isChecked()).toBe(true);
    // MonCash is not configured on the test server: it is not offered at all.
    expect(await page.getByRole('radio', { name: /MonCash/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^Payer \d/ }).click();
    await page.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await page.getByText(invoice.number).waitFor();
    await page.getByRole('button', { name: /^Payer/ }).click();

    // 4. Back on the history: the banner, the payment, and the invoice « Payée ».
    await page.waitForURL(/\/dashboard\/company\/payment\?paid=/);
    await page.getByText('Paiement reçu').waitFor();
    const payment = page.getByRole('table', { name: 'Paiements des compagnies' }).getByRole('row', {
      name: new RegExp(invoice.number),
    });
    await payment.waitFor();
    expect(await payment.textContent()).toMatch(/En ligne \(démo\)/);
    expect(await payment.textContent()).toMatch(/Confirmé/);
    const [paid] = await h.database.raw.query<{ status: string; payments: number }>(
      `SELECT i.status, (SELECT count(*)::int FROM company_payments p WHERE p.invoice_id = i.id) AS payments
         FROM invoices i WHERE i.id = $1`,
      [invoice.id],
    );
    expect(paid).toEqual({ status: 'paid', payments: 1 });

    await page.getByRole('link', { name: 'Facturation' }).first().click();
    await page.waitForURL(/\/dashboard\/company\/facturation$/);
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/Payée/);
  });
});
