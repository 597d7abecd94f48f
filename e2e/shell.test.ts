import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

describeBrowser('the back-office shell', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('a supervisor opening a page it lacks sees "Permission non autorisé" with its name', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superviseur');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/tirage/list');
    await expect.poll(() => page.getByText('Permission non autorisé').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/Marie Joseph/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page
      .getByRole('link', { name: 'Back to Home' })
      .or(page.getByRole('button', { name: 'Back to Home' }))
      .first()
      .click();
    await page.waitForURL('**/dashboard/app');
  });

  it('keeps the theme settings across a reload', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Paramètres' }).click();
    await page
      .getByRole('button', { name: /sombre/i })
      .first()
      .click();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await page.getByRole('button', { name: 'Paramètres' }).waitFor();
    expect(await background()).toBe(dark);
  });

  it('sends an unknown path to /404', async () => {
    const { page } = await h.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
  });
});
