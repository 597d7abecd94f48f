import { signedText } from '@borlette/shared/money/balance';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyToday, enterResult, middayZone, sell } from '../apps/server/test/engine-fixtures';
import { createUser, PASSWORD } from '../apps/server/test/helpers';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * Issue 16, « the same balance changes sign and colour »: ONE agent's balance for ONE period (today)
 * reads the same on every screen that shows it — home (its sub-branch has no other agent), the sales
 * report, the agent control, the wallet's balances and the period's movements on /dashboard/transactions,
 * and the POS's day report (its closing figure): same sign, same label (« Défisi »), same amount and
 * same colour. The agent sells 10,00 HTG and is paid out a win: a negative balance, as in the issue.
 */
describeBrowser('one balance, one reading on every screen (money)', () => {
  let h: Harness;
  let agent: { id: number; username: string };
  let surcussaleId: number;
  let balance: number;
  const NAME = 'Eve Argent';
  const DRAW = 'Tirage Démo'; // forced open by the demo seed: it sells at any hour
  const clean = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    // A midday zone: the run never straddles the company's midnight (today stays today).
    await raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
    const [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    const [{ id: tirageId }] = await raw.query<{ id: number }>(
      'SELECT id FROM tirages WHERE company_id = $1 AND name = $2',
      [companyId, DRAW],
    );
    // A sub-branch of its own: the home board filtered on it shows this agent's figure alone.
    [{ id: surcussaleId }] = await raw.query<{ id: number }>(
      "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Succursale Argent') RETURNING id",
      [companyId],
    );
    agent = await createUser(h.database, { role: 'agent', companyId, fullAccess: true });
    await raw.query("UPDATE users SET surcussale_id = $2, first_name = 'Eve', last_name = 'Argent' WHERE id = $1", [
      agent.id,
      surcussaleId,
    ]);
    const fiche = await sell(raw, {
      companyId,
      agentId: agent.id,
      tirages: [tirageId],
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });
    const today = await companyToday(raw, companyId);
    await enterResult(h.database, { companyId, tirageId, date: today, pick3: '123', pick4: '4567' });
    await raw.query('SELECT borlette_pay($1, $2, $3)', [companyId, fiche.id, agent.id]);
    const [s] = await raw.query<{ b: number }>(
      'SELECT (sales - commission - payouts)::bigint AS b FROM stats_agent_day WHERE agent_id = $1',
      [agent.id],
    );
    balance = Number(s.b);
  });
  afterAll(() => h?.close());

  /** The figure drawn by components/balance-figure inside `scope`: state, amount (no currency), label, colour. */
  async function figure(scope: Locator) {
    const f = scope.locator('[data-balance-state]').first();
    await f.waitFor();
    const amount = f.locator('[data-balance-amount]');
    return {
      state: await f.getAttribute('data-balance-state'),
      amount: clean(await amount.textContent()).replace(/ HTG$/, ''),
      label: clean(await f.locator('[data-balance-label]').textContent()),
      color: await amount.evaluate((e) => getComputedStyle(e).color),
    };
  }

  it('shows the same sign, label, amount and colour on home, reports, agent control, wallet, transactions and POS', async () => {
    expect(balance).toBeLessThan(0);
    const amount = clean(
      signedText(balance, (abs) => new Intl.NumberFormat('fr', { minimumFractionDigits: 2 }).format(Number(abs) / 100)),
    );
    const want = { state: 'deficit', amount, label: 'Défisi' };
    const seen: Record<string, Awaited<ReturnType<typeof figure>>> = {};

    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    const agentQuery = `agent_id=${agent.id}&agent=${encodeURIComponent(NAME)}`;

    // Home: the board of the agent's sub-branch, « Net (gain) » = its balance of the day.
    await page.goto(`/dashboard/app?surcussale_id=${surcussaleId}`);
    const kpis = page.getByRole('list', { name: 'Indicateurs de la période' });
    seen.home = await figure(
      kpis.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Net (gain)', exact: true }) }),
    );

    // Sales report, per agent, filtered on it: its row.
    await page.goto(`/dashboard/rapports?${agentQuery}`);
    seen.sales = await figure(rowOf(page, NAME));

    // Agent control: its « Balance » (the period's), the first balance of its row.
    await page.goto(`/dashboard/rapports/agent?${agentQuery}`);
    seen.control = await figure(rowOf(page, NAME));

    // Wallet: its balance at the end of the period (no deposit: the same quantity) …
    await page.goto(`/dashboard/transactions?${agentQuery}`);
    seen.wallet = await figure(page.getByRole('region', { name: 'Soldes du portefeuille' }));
    // … and the transactions: the period's movements (its sale and its payout), same sign and colour.
    const moves = page.getByRole('region', { name: 'Totaux de la période' });
    const total = moves.locator('p').filter({ hasText: /HTG/ }).first();
    await expect.poll(async () => clean(await total.textContent())).toBe(`${amount} HTG`);
    const totalColor = await total.evaluate((e) => getComputedStyle(e).color);

    // POS: the agent's day report, whose balance is what it hands over at closing.
    const { page: pos } = await h.newPage({ width: 390, height: 844 });
    await pos.goto('/pos');
    await pos.getByLabel('Pseudoname').fill(agent.username);
    await pos.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await pos.getByRole('button', { name: 'Se connecter' }).click();
    await pos.getByRole('button', { name: 'Rapport' }).click();
    seen.pos = await figure(pos.getByRole('region', { name: 'Balance du jour' }));

    for (const [screen, f] of Object.entries(seen)) {
      expect({ state: f.state, amount: f.amount, label: f.label }, screen).toEqual(want);
    }
    const colors = new Set([...Object.values(seen).map((f) => f.color), totalColor]);
    expect(colors.size, [...colors].join(' / ')).toBe(1);
  });
});

/** The table row of `name` (a report filtered on one agent also has its totals line: the row comes first). */
function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name }).first();
}
