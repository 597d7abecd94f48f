import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * The risk center in a real browser (issue 22 §1): the demo admin keeps the board open, an agent
 * sells through the API and the number appears within a second (the live stream), the admin blocks
 * the ball from the board, and the agent's next sale on it is refused.
 */
const DRAW = 'Tirage Risque';

describeBrowser('risk center: live board, block from the board', () => {
  let h: Harness;
  let tirageId: number;
  let agentToken: string;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    const [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    [{ id: tirageId }] = await raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
      [companyId, DRAW],
    );
    const login = await fetch(`${h.baseUrl}/api/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'agent1', password: 'demo1234' }),
    });
    agentToken = ((await login.json()) as { accessToken: string }).accessToken;
  });
  afterAll(() => h?.close());

  const sell = (number: string) =>
    fetch(`${h.baseUrl}/api/agents/fiches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${agentToken}` },
      body: JSON.stringify({
        idempotency_key: randomUUID(),
        tirages: [tirageId],
        lines: [{ code: 20, number, stake: 2500 }],
      }),
    });

  it('shows a sale within a second, blocks the ball from the board, the next sale is refused', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto(`/dashboard/exposure?tirage_id=${tirageId}`);
    await page.getByRole('heading', { name: 'Centre de risque' }).waitFor();
    await page.locator('[data-live="live"]').waitFor();
    await page.getByText('Aucune vente sur ce tirage pour l’instant.').waitFor();

    const sold = await sell('23');
    expect(sold.status).toBe(200);
    const started = Date.now();
    const row = page.locator('tr[data-number="23"]');
    await row.waitFor({ timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(() => row.textContent()).toMatch(/25,00/);

    await row.getByRole('button', { name: 'Bloquer la boule 23' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Plus aucune vente de 23 sur Tirage Risque').waitFor();
    await dialog.getByRole('button', { name: 'Bloquer la boule' }).click();
    await page.getByText('23 est bloqué sur Tirage Risque.').waitFor();
    await page.locator('tr[data-number="23"][data-level="blocked"]').waitFor();

    const refused = await sell('23');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/23/);

    // Phone width: the numbers are cards, the figures still there.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('li[data-number="23"]').waitFor();
  });
});
