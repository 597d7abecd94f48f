import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

const FRENCH_MONTH = /(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/;

describeBrowser('formats of the interface: French date picker, amounts with a comma', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('the date filter is a picker in the app’s language (French), whatever the browser says', async () => {
    // An English browser: a native date input would speak English; the picker follows the app (fr).
    const context = await h.browser.newContext({ baseURL: h.baseUrl, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/borlette/list-fiches');

    const from = page.getByRole('group', { name: 'Du' });
    await from.waitFor();
    // The field reads day/month/year, the French order.
    expect(await from.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    await page
      .getByRole('button', { name: /^Choisir la date/ })
      .first()
      .click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor();
    expect(await calendar.textContent()).toMatch(FRENCH_MONTH);
    // The calendar grows in (a CSS transition): a click before it ends can miss the day.
    await calendar.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    // Choosing the 1st of the shown month moves the period's start there.
    await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
    await expect.poll(() => from.textContent()).toMatch(/^01\/\d{2}\/\d{4}/);
    await context.close();
  });

  it('an amount typed with a French comma is saved to the centime and shown back with it', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/borlette-configuration/limite-game/new');
    await page.getByRole('combobox', { name: /Jeu/ }).click();
    await page.getByRole('option', { name: 'Loto 5 option 3' }).click();
    await page.getByLabel(/Montant maximum/).fill('12,50');
    await page.getByRole('button', { name: 'Créer la limite' }).click();
    await page.waitForURL(/limite-game$/);
    const [row] = await h.database.raw.query<{ max_amount: number; id: number }>(
      'SELECT id, max_amount FROM sale_limits WHERE code = 53 AND agent_id IS NULL AND number IS NULL',
    );
    expect(Number(row.max_amount)).toBe(1250);

    // The edit form gives the amount back with the decimal comma.
    await page.goto(`/dashboard/borlette-configuration/limite-game/${row.id}/edit`);
    await expect.poll(() => page.getByLabel(/Montant maximum/).inputValue()).toBe('12,50');
  });
});
