import { posEndpoints } from '@borlette/shared/contracts/pos';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { describeBrowser, type Harness, startHarness } from './harness';

/**
 * The point of sale on a bad network (issue 18 §5) in a real browser: a sale whose request is lost is
 * retried with the same key (one ticket, never two), a sale never answered blocks the next one until
 * the agent confirms, offline keeps the typed ticket and sells once back, and the installed POS shell
 * opens offline (service worker).
 */
describeBrowser('point of sale on a bad network: one ticket never two, offline, installed shell', () => {
  let h: Harness;
  const DRAW = 'Tirage POS Réseau';

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    const [{ id }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    // A midday zone and a draw forced open: it sells whatever the hour of the run.
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [id, middayZone()]);
    await raw.query(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open')`,
      [id, DRAW],
    );
  });
  afterAll(() => h?.close());

  async function posPage(username: string) {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/pos');
    await page.getByLabel('Pseudoname').fill(username);
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    return { page, context };
  }

  /** The agent's tickets of the day, counted through the agents' API with the POS's own token. */
  const fichesCount = (page: Page) =>
    page.evaluate(async (path) => {
      const token = localStorage.getItem('pos.accessToken');
      const r = await fetch(`${path}?page=1&page_size=100`, { headers: { Authorization: `Token ${token}` } });
      return ((await r.json()) as { count: number }).count;
    }, posEndpoints.fiches.path);

  /** Routes the sale (POST) through `handle`, the other calls go on; answers how to stop. */
  const onSale = async (page: Page, handle: (route: Route) => Promise<void>) => {
    const match = (url: URL) => url.pathname === posEndpoints.sell.path;
    await page.route(match, (route) => (route.request().method() === 'POST' ? handle(route) : route.fallback()));
    return () => page.unroute(match);
  };

  const type = async (page: Page, ...bets: string[]) => {
    const entry = page.getByRole('textbox', { name: 'Saisie des paris' });
    for (const bet of bets) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    return entry;
  };
  const sellButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Vendre', exact: true });
  const receiptTitle = (page: Page) => page.getByRole('heading', { name: /Fiche n° \d+/ });

  it('retries a sale whose request was lost, with the same key: one ticket and its receipt', async () => {
    const { page } = await posPage('agent1');
    const before = await fichesCount(page);
    const keys: string[] = [];
    let dropped = 0;
    await onSale(page, async (route) => {
      keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key);
      if (dropped++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await type(page, '34 10');
    await sellButton(page).click();
    await receiptTitle(page).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await fichesCount(page)).toBe(before + 1);
  });

  it('an answer lost after the server sold: the retry answers the same ticket (replayed), never a second', async () => {
    const { page } = await posPage('agent2');
    const before = await fichesCount(page);
    let first = true;
    await onSale(page, async (route) => {
      if (!first) return route.continue();
      first = false;
      await route.fetch(); // the server sells…
      await route.abort('connectionreset'); // …and the answer never reaches the POS
    });
    await type(page, '45 10', '67 5');
    await sellButton(page).click();
    await receiptTitle(page).waitFor();
    await page.getByText('Cette vente était déjà enregistrée', { exact: false }).waitFor();
    expect(await fichesCount(page)).toBe(before + 1);
  });

  it('a sale never answered: « unknown », the next ticket blocked until the agent confirms', async () => {
    const { page } = await posPage('agent3');
    const before = await fichesCount(page);
    let sent = 0;
    const restore = await onSale(page, async (route) => {
      sent++;
      await route.abort('timedout');
    });
    await type(page, '12 10');
    await sellButton(page).click();
    await page
      .getByText('Envoi…')
      .or(page.getByText(/Nouvel essai \d\/5/))
      .first()
      .waitFor();
    await page
      .getByText(/Nouvel essai 2\/5/)
      .first()
      .waitFor();
    const unknown = page.getByRole('alert').filter({ hasText: 'Vente sans réponse' });
    await unknown.waitFor({ timeout: 30_000 });
    expect(sent).toBe(5);

    // Another ticket cannot be sold (it might be the customer's second)…
    await type(page, '89 5');
    await page.getByText('Une vente précédente est restée sans réponse', { exact: false }).first().waitFor();
    expect(await sellButton(page).isDisabled()).toBe(true);
    // …nor after a reload: the draft keeps the unsettled sale.
    await page.reload();
    await unknown.waitFor();
    expect(await sellButton(page).isDisabled()).toBe(true);

    // The agent confirms it did not go through: the next sale goes, with a new key.
    await unknown.getByRole('button', { name: 'Elle n’a pas abouti…' }).click();
    await page.getByRole('button', { name: 'Je confirme : cette vente n’a pas abouti' }).click();
    await unknown.waitFor({ state: 'detached' });
    await restore();
    await sellButton(page).click();
    await receiptTitle(page).waitFor();
    expect(await fichesCount(page)).toBe(before + 1);
  });

  it('a sale that hangs can be stopped by the agent (into « unknown »), then retried: one ticket', async () => {
    const { page } = await posPage('agent4');
    const before = await fichesCount(page);
    let hang = true;
    await onSale(page, async (route) => {
      if (hang) return; // never answered
      await route.continue();
    });
    await type(page, '23 10');
    await sellButton(page).click();
    const sending = page.getByRole('status').filter({ hasText: 'Envoi…' });
    await sending.waitFor();
    await sending.getByRole('button', { name: 'Arrêter' }).click();
    const unknown = page.getByRole('alert').filter({ hasText: 'Vente sans réponse' });
    await unknown.waitFor();
    hang = false;
    await unknown.getByRole('button', { name: 'Réessayer' }).click();
    await receiptTitle(page).waitFor();
    expect(await fichesCount(page)).toBe(before + 1);
  });

  it('offline: says so, keeps the typed ticket, and sells once the network is back', async () => {
    const { page, context } = await posPage('agent5');
    const before = await fichesCount(page);
    const entry = await type(page, '56 10', '78 5');
    await entry.fill('90 2');
    await context.setOffline(true);
    await page.getByText('Hors ligne : la vente reprend dès le retour du réseau', { exact: false }).first().waitFor();
    expect(await sellButton(page).isDisabled()).toBe(true);
    const lines = page.getByRole('list', { name: 'Paris de la fiche' });
    await lines.getByText('56').first().waitFor();
    await lines.getByText('78').first().waitFor();
    expect(await entry.inputValue()).toBe('90 2');

    await context.setOffline(false);
    await page
      .getByText('Hors ligne : la vente reprend dès le retour du réseau', { exact: false })
      .first()
      .waitFor({ state: 'detached' });
    await sellButton(page).click();
    await receiptTitle(page).waitFor();
    expect(await fichesCount(page)).toBe(before + 1);
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();
    expect(await entry.inputValue()).toBe('90 2');
  });

  it('the installed POS opens offline: the service worker keeps the shell, never an /api answer', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/pos');
    await page.getByLabel('Pseudoname').fill('agent1');
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('checkbox', { name: new RegExp(DRAW) }).waitFor();
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    // The chunks of the screen just shown reach the cache (posted by the page, or fetched through the worker).
    await page.waitForFunction(async () => {
      const cache = await caches.open('pos-shell-v2');
      const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/assets/'));
      return urls.includes('/pos') && loaded.every((p) => urls.includes(p));
    });
    const cached = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) {
        for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
      }
      return out;
    });
    expect(cached.filter((p) => p.startsWith('/api'))).toEqual([]);

    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    // The POS's own screen (its session cannot be checked offline), not the browser's error page…
    await page.getByRole('heading', { name: 'Hors ligne' }).waitFor();
    await page.getByText('Le point de vente reprend dès le retour du réseau', { exact: false }).waitFor();
    // …which carries on by itself once the network is back.
    await context.setOffline(false);
    await page.getByRole('checkbox', { name: new RegExp(DRAW) }).waitFor();
  });
});
