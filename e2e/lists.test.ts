import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { auth, login } from '../apps/server/test/helpers';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * A phone-width pass over the lists (issue 16): at 390 px every list page of the admin and of the
 * superuser shows its rows as cards whose amounts lie inside the viewport, unclipped, and the page
 * never scrolls sideways; at 1440 px « Contrôle des vendeurs » shows every money column, « À
 * collecter » included, without a horizontal scroll.
 */
describeBrowser('lists on a phone and the agent control at 1440 px', () => {
  let h: Harness;

  /** Path -> card fields (column ids) holding an amount that must be in view on the first card. */
  const ADMIN_LISTS: [string, string[]][] = [
    ['/dashboard/borlette/list-fiches', ['amount']],
    ['/dashboard/borlette/list-fiches-gagnants', []],
    ['/dashboard/borlette/list-fiches-payant', []],
    ['/dashboard/borlette/list-fiches-supprimer', ['amount']],
    ['/dashboard/transactions', ['amount']],
    ['/dashboard/agent', ['commission']],
    ['/dashboard/supervisor', ['agents']],
    ['/dashboard/surcussale', ['agents']],
    ['/dashboard/tirage/list', []],
    ['/dashboard/tirage/infotirage', []],
    ['/dashboard/borlette/lotto', []],
    ['/dashboard/borlette/blocage-boule', []],
    ['/dashboard/borlette-configuration/limite-game', ['max_amount']],
    ['/dashboard/borlette-configuration/limite-boule-per-agent', []],
    ['/dashboard/borlette-configuration/interval-ma', []],
    ['/dashboard/limiteFiche', ['max_amount']],
    ['/dashboard/tirage/configuration/agent', []],
    ['/dashboard/user/message-push', []],
    ['/dashboard/user/tracabilite-agent', []],
    ['/dashboard/user/tracabilite-supervisor', []],
    ['/dashboard/rapports', ['sales', 'balance']],
    ['/dashboard/rapports/journalier', ['sales', 'balance']],
    ['/dashboard/rapports/agent', ['sales', 'balance', 'to_collect']],
    ['/dashboard/borlette/statistiques', ['amount', 'limit']],
  ];
  const SUPERUSER_LISTS: [string, string[]][] = [
    ['/dashboard/company', []],
    ['/dashboard/generale', []],
    ['/dashboard/contacts', []],
    ['/dashboard/company/facturation', []],
    ['/dashboard/company/payment', []],
    ['/dashboard/user/pays', []],
    ['/dashboard/user/tracabilite-company', []],
    ['/dashboard/tirage/automatique', []],
    ['/dashboard/tirage/configuration/generale/list', []],
  ];

  beforeAll(async () => {
    h = await startHarness();
    // A midday zone: the demo's tickets of today stay today during the run.
    await h.database.raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
    // Wide figures in the wallet and a ticket limit (the demo has sale limits), so those lists have amounts.
    const { accessToken } = await login(h.app, 'demo', 'demo1234');
    const agents = await h.database.raw.query<{ id: number }>(
      "SELECT id FROM users WHERE username IN ('agent1', 'agent2') ORDER BY username",
    );
    const writes = [
      ['/api/companies/transactions', { agent_id: agents[0].id, kind: 'deposit', amount: 1234567 }],
      ['/api/companies/transactions', { agent_id: agents[1].id, kind: 'withdrawal', amount: 2500000 }],
      ['/api/games/add-limite-fiche', { agent_id: null, max_amount: 2500000 }],
    ] as const;
    for (const [url, body] of writes) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: auth(accessToken),
        payload: { ...body, idempotency_key: crypto.randomUUID() },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    }
    // A deleted ticket, with its reason, for the « supprimées » list.
    const [fiche] = await h.database.raw.query<{ id: number }>(
      "SELECT f.id FROM fiches f JOIN companies c ON c.id = f.company_id WHERE c.ref_code = 'DEMO' ORDER BY f.id LIMIT 1",
    );
    const deleted = await h.app.inject({
      method: 'PUT',
      url: '/api/companies/fiche',
      headers: auth(accessToken),
      payload: { id: fiche.id, action: 'delete', reason: 'Erreur de saisie signalée par le vendeur au téléphone' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
  afterAll(() => h?.close());

  async function signedIn(username: string, viewport: { width: number; height: number }) {
    const { page } = await h.newPage(viewport);
    await page.goto('/auth/login');
    await signIn(page, username);
    await page.waitForURL('**/dashboard/**');
    return page;
  }

  /** What sticks out of the 390 px viewport: the page's sideways scroll, clipped or off-screen card values. */
  async function phoneCheck(page: Page, path: string, amounts: string[]) {
    await page.goto(path);
    await page.getByRole('main').waitFor();
    // The first card of a list with rows, or the page settled (an empty list, the statistics).
    if (amounts.length) await page.locator(`main li [data-card-field="${amounts[0]}"] dd`).first().waitFor();
    else await page.waitForLoadState('networkidle');
    return page.evaluate((fields) => {
      const width = window.innerWidth;
      const out = (el: Element) => {
        const r = el.getBoundingClientRect();
        return (
          r.left < -0.5 ||
          r.right > width + 0.5 ||
          (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1
        );
      };
      const firstCard = document.querySelector('main [data-card-list] > li:not([aria-hidden])');
      return {
        overflow: document.documentElement.scrollWidth - width,
        // A list still drawn as a table at 390 px hides its columns beyond the scroll.
        tables: document.querySelectorAll('main table').length,
        clipped: [...document.querySelectorAll('main [data-card-list] > li dd')]
          .filter(out)
          .map((el) => el.textContent),
        amounts: fields.map((f) => {
          const dd = firstCard?.querySelector(`[data-card-field="${f}"] dd`);
          return { field: f, text: dd?.textContent ?? null, out: dd ? out(dd) : true };
        }),
      };
    }, amounts);
  }

  async function phonePass(username: string, lists: [string, string[]][]) {
    const page = await signedIn(username, { width: 390, height: 844 });
    for (const [path, amounts] of lists) {
      const seen = await phoneCheck(page, path, amounts);
      expect(seen.overflow, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      expect(seen.clipped, `${path}: card values cut off`).toEqual([]);
      for (const a of seen.amounts) {
        expect(a.text, `${path}: ${a.field} shown on the card`).toMatch(/\d/);
        expect(a.out, `${path}: ${a.field} inside the viewport`).toBe(false);
      }
      expect(seen.tables, `${path}: still a table`).toBe(0);
    }
  }

  it('shows the admin lists as cards with their amounts in view at 390 px', async () => {
    await phonePass('demo', ADMIN_LISTS);
  });

  it("shows the superuser's lists without a sideways scroll at 390 px", async () => {
    await phonePass('superadmin', SUPERUSER_LISTS);
  });

  it('sorts and opens a row menu on the cards', async () => {
    const page = await signedIn('demo', { width: 390, height: 844 });
    await page.goto('/dashboard/agent');
    const cards = page.getByRole('list', { name: 'Vendeurs', exact: true });
    await cards.getByRole('listitem').first().waitFor();
    // No column heads on cards: « Trier par » and the direction button sort the list (in the URL).
    await page.getByLabel('Trier par').click();
    await page.getByRole('option', { name: 'Commission' }).click();
    await page.waitForURL(/sort=commission/);
    await page.getByRole('button', { name: /^Ordre croissant/ }).click();
    await page.waitForURL(/order=desc/);
    // The row menu sits on each card.
    await cards
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /Actions/ })
      .click();
    await page.getByRole('menuitem').first().waitFor();
    expect(await page.getByRole('menuitem').count()).toBeGreaterThan(0);
  });

  it('shows every money column of Contrôle des vendeurs, « À collecter » in full, at 1440 px', async () => {
    const page = await signedIn('demo', { width: 1440, height: 900 });
    await page.goto('/dashboard/rapports/agent');
    const table = page.getByRole('table', { name: 'Contrôle des vendeurs' });
    await table.getByRole('row').nth(2).waitFor();
    const head = table.getByRole('columnheader', { name: 'À collecter' });
    const seen = await head.evaluate((th) => {
      const box = th.closest('.MuiTableContainer-root') as HTMLElement;
      const frame = box.getBoundingClientRect();
      const r = th.getBoundingClientRect();
      return {
        scroll: box.scrollWidth - box.clientWidth,
        inside: r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5,
        cut: th.scrollWidth > th.clientWidth + 1,
        text: th.textContent,
      };
    });
    expect(seen.text).toBe('À collecter');
    expect(seen.scroll, 'the table scrolls sideways at 1440 px').toBeLessThanOrEqual(0);
    expect(seen.inside).toBe(true);
    expect(seen.cut).toBe(false);
    // The wide figures of the wallet (12 345,67 deposited) are among them, in full.
    expect(await table.textContent()).toMatch(/12\s345,67/);
  });

  it('still fits at 1440 px when the credit columns show (a ceiling in force)', async () => {
    await h.database.raw.query(
      "UPDATE company_settings SET credit_limit = 123456789 WHERE company_id = (SELECT id FROM companies WHERE ref_code = 'DEMO')",
    );
    const page = await signedIn('demo', { width: 1440, height: 900 });
    await page.goto('/dashboard/rapports/agent');
    const table = page.getByRole('table', { name: 'Contrôle des vendeurs' });
    await table.getByRole('row').nth(2).waitFor();
    await table.getByRole('columnheader', { name: 'Plafond de crédit' }).waitFor();
    const seen = await table.evaluate((el) => {
      const box = el.closest('.MuiTableContainer-root') as HTMLElement;
      const frame = box.getBoundingClientRect();
      const heads = [...el.querySelectorAll('thead th')].map((th) => {
        const r = th.getBoundingClientRect();
        return { text: th.textContent, inside: r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5 };
      });
      return { scroll: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth - 1440, heads };
    });
    expect(seen.scroll, 'the table scrolls sideways at 1440 px').toBeLessThanOrEqual(0);
    expect(seen.page).toBeLessThanOrEqual(0);
    expect(seen.heads.filter((x) => !x.inside)).toEqual([]);
    await h.database.raw.query(
      "UPDATE company_settings SET credit_limit = NULL WHERE company_id = (SELECT id FROM companies WHERE ref_code = 'DEMO')",
    );
  });
});
