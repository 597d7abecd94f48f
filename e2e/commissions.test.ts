import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { auth, login } from '../apps/server/test/helpers';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * Issue 20 §3 in a real browser: the admin sets the company's bolet commission at 12,5 % in
 * « Commissions », an agent sells one bolet line of 100 HTG, and « Contrôle des vendeurs » shows the
 * agent's commission grown by exactly 12,50 HTG (the snapshot of the sale, not the old 10 %).
 */
const DRAW = 'Tirage Commission';

describeBrowser('commissions: a rate set on the page, a sale, the report shows it', () => {
  let h: Harness;
  let agent: { id: number; name: string };

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    const [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    await raw.query(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open')`,
      [companyId, DRAW],
    );
    [agent] = await raw.query<{ id: number; name: string }>(
      "SELECT id, trim(first_name || ' ' || last_name) AS name FROM users WHERE username = 'agent4'",
    );
  });
  afterAll(() => h?.close());

  const reportCommission = async (token: string) => {
    const res = await h.app.inject({ url: `/api/companies/rapports-agent?agent_id=${agent.id}`, headers: auth(token) });
    return Number(res.json().rows[0]?.commission ?? 0);
  };

  it('sets 12,5 % on bolet, sells, and reads the commission in the agent control', { timeout: 120_000 }, async () => {
    const { accessToken: adminToken } = await login(h.app, 'demo', 'demo1234');
    const before = await reportCommission(adminToken);

    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/tirage/commissions');
    await page.getByRole('tab', { name: 'Compagnie' }).waitFor();
    const bolet = page.getByRole('textbox', { name: 'Bolet' });
    await bolet.fill('12,5');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Commissions enregistrées.').waitFor();
    const [rate] = await h.database.raw.query<{ bolet: number }>(
      "SELECT bolet FROM commission_rates WHERE level = 'company' AND company_id = (SELECT id FROM companies WHERE ref_code = 'DEMO')",
    );
    expect(rate.bolet).toBe(1250);

    const { accessToken } = await login(h.app, 'agent4', 'demo1234');
    const [draw] = await h.database.raw.query<{ id: number }>('SELECT id FROM tirages WHERE name = $1', [DRAW]);
    const sold = await h.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(accessToken),
      payload: {
        idempotency_key: randomUUID(),
        tirages: [draw.id],
        lines: [{ code: 20, number: '45', stake: 10_000 }],
      },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().commission_amount).toBe(1_250);
    const after = before + 1_250;
    expect(await reportCommission(adminToken)).toBe(after);

    await page.goto(`/dashboard/rapports/agent?agent_id=${agent.id}`);
    const table = page.getByRole('table', { name: 'Contrôle des vendeurs' });
    const row = table.getByRole('row', { name: new RegExp(agent.name) }).first();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    const plain = text.replace(/[\s\u202f\u00a0]/g, '');
    expect(plain).toContain(`${Math.trunc(after / 100)},${String(after % 100).padStart(2, '0')}`);
  });
});
