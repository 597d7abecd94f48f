import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * The official results board in a real browser (issue 21): one source gave New York Midi's numbers
 * (provisional); the superuser confirms them through the dialog and the row becomes « Confirmé ».
 */
describeBrowser('results board (superuser)', () => {
  let h: Harness;
  let date: string;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ d: date }] = await raw.query<{ d: string }>("SELECT to_char(now()::date - 2, 'YYYY-MM-DD') AS d");
    await raw.query(
      `INSERT INTO result_observations (source_id, draw_date, provider_code, pick3, pick4)
       SELECT id, $1::date, 'ny-open-data', '123', '4567' FROM draw_sources WHERE state = 'NY' AND session = 'midi'`,
      [date],
    );
  });
  afterAll(() => h?.close());

  it('shows a provisional row, confirms it, and the row is confirmed', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');
    await page.goto(`/dashboard/tirage/resultats?date=${date}`);
    const row = page.getByTestId('result-NY-midi');
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Provisoire');
    expect(await row.textContent()).toContain('123 / 4567');
    await row.getByRole('button', { name: 'Confirmer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Confirmé');
    const [status] = await h.database.raw.query<{ state: string; decided_pick3: string }>(
      `SELECT st.state, st.decided_pick3 FROM result_status st JOIN draw_sources s ON s.id = st.source_id
        WHERE s.state = 'NY' AND s.session = 'midi' AND st.draw_date = $1::date`,
      [date],
    );
    expect(status).toEqual({ state: 'confirmed', decided_pick3: '123' });
  });
});
