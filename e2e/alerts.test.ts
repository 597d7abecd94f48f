import { randomUUID } from 'node:crypto';
import type { Alert } from '@borlette/shared/contracts/alerts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * The anomaly alerts in a real browser (issue 22 §3). A real anomaly, made through the API as people
 * make it: agent1 sells 23, the admin deletes the ticket, then enters a result whose first lot is 23.
 * The server's own detector timer (ALERTS_SECONDS, one second here) raises « Fiche gagnante annulée ou
 * supprimée »; the admin sees it behind the bell, follows its ticket link, marks it seen, closes it
 * with a note; the bell counts one less; the superuser's traceability shows both changes. The demo
 * supervisor, without view_alert, has no bell and no page, until it is granted the codename.
 */
const DRAW = 'Tirage Alerte';
const NOTE = 'Vérifié avec le vendeur : erreur de saisie';
const KIND = 'Fiche gagnante annulée ou supprimée';

describeBrowser('anomaly alerts: the bell, the page, seen then closed, audited', () => {
  let h: Harness;
  let adminToken: string;
  let fiche: { id: number; number: number; sale_date: string };
  let alertId: number;
  let newBefore: number;

  const api = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await fetch(`${h.baseUrl}${url}`, {
      method,
      headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json;
  };
  const tokenOf = async (username: string) => {
    const res = await fetch(`${h.baseUrl}/api/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo1234' }),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  const newCount = async () => ((await api('GET', '/api/companies/alerts/count', adminToken)) as { new: number }).new;
  const signedIn = async (username: string) => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, username);
    await page.waitForURL('**/dashboard/app');
    return page;
  };
  /** The top bar's bell: a link named by how many alerts are new. */
  const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /alertes? nouvelles?$/ });

  beforeAll(async () => {
    // The detectors on a one-second timer, as ALERTS_SECONDS=1 would set them.
    h = await startHarness({ config: { alertsMs: 1000 } });
    const raw = h.database.raw;
    const [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    const [{ id: tirageId }] = await raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
      [companyId, DRAW],
    );
    adminToken = await tokenOf('demo');
    const sold = await api('POST', '/api/agents/fiches', await tokenOf('agent1'), {
      idempotency_key: randomUUID(),
      tirages: [tirageId],
      lines: [{ code: 20, number: '23', stake: 2500 }],
    });
    fiche = await api('PUT', '/api/companies/fiche', adminToken, {
      id: sold.id,
      action: 'delete',
      reason: 'Erreur du client',
    });
    await api('POST', '/api/companies/info-tirage', adminToken, {
      tirage_id: tirageId,
      draw_date: fiche.sale_date,
      pick3: '123',
      pick4: '4567',
    });
    // The timer's pass raises it (nothing here calls the detectors); expect.poll is for tests only.
    const deadline = Date.now() + 15_000;
    while (!alertId) {
      if (Date.now() > deadline) throw new Error('Aucune alerte levée par le minuteur des détecteurs en 15 s');
      await new Promise((r) => setTimeout(r, 250));
      const page = await api('GET', '/api/companies/alerts?kind=winning_voided&page_size=100', adminToken);
      const found = (page.results as Alert[]).find((a) => a.evidence.fiches.some((f) => f.id === fiche.id));
      if (found) expect(found.state).toBe('new');
      alertId = found?.id ?? 0;
    }
    newBefore = await newCount();
  }, 60_000);
  afterAll(() => h?.close());

  it('the admin follows the bell, opens the ticket, marks the alert seen and closes it with a note', async () => {
    const page = await signedIn('demo');
    const label = newBefore === 1 ? '1 alerte nouvelle' : `${newBefore} alertes nouvelles`;
    await bell(page)
      .and(page.getByRole('link', { name: label, exact: true }))
      .waitFor();
    expect(await bell(page).locator('.MuiBadge-badge').textContent()).toBe(String(Math.min(newBefore, 99)));

    await bell(page).click();
    await page.waitForURL('**/dashboard/alerts');
    const ticket = page.getByRole('link', { name: `Fiche n° ${fiche.number}`, exact: true });
    const row = page.getByRole('row').filter({ has: ticket });
    await row.waitFor();
    const text = (await row.textContent())?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
    expect(text).toContain(KIND);
    expect(text).toContain('Haute'); // deleted after the draw's close (00:01): the numbers could be known
    expect(text).toContain('Gain perdu : 1 250,00 HTG'); // 25 HTG on 23 at 50 for the first lot
    expect(text).toContain('Erreur du client');
    expect(text).toContain('Nouvelle');
    // The evidence's ticket: the deleted tickets' list of its day, its drawer open.
    expect(await ticket.getAttribute('href')).toBe(
      `/dashboard/borlette/list-fiches-supprimer?start_date=${fiche.sale_date}&end_date=${fiche.sale_date}&fiche=${fiche.id}`,
    );

    const actions = row.getByRole('button', { name: `Actions sur l’alerte « ${KIND} »` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Marquer vue' }).click();
    await expect.poll(async () => row.getByText('Vue', { exact: true }).isVisible()).toBe(true);
    // Seen is no longer new: the bell counts one less.
    const fewer = newBefore - 1;
    await bell(page)
      .and(page.getByRole('link', { name: fewer ? `${fewer} alerte` : 'Aucune alerte nouvelle', exact: false }))
      .waitFor();
    expect(await newCount()).toBe(fewer);

    await actions.click();
    await page.getByRole('menuitem', { name: 'Clore' }).click();
    const dialog = page.getByRole('dialog');
    // Closing without a note: the server's French refusal, in place.
    await dialog.getByRole('button', { name: 'Clore' }).click();
    await dialog.getByText('Une note est requise pour clore l’alerte (3 caractères au moins)').waitFor();
    await dialog.getByRole('textbox').fill(NOTE);
    await dialog.getByRole('button', { name: 'Clore' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Close', { exact: true }).waitFor();
    await row.getByText(`Note : ${NOTE}`).waitFor();
    expect(await newCount()).toBe(fewer);
    const closed = (await api('GET', '/api/companies/alerts?state=closed&page_size=100', adminToken)) as {
      results: Alert[];
    };
    expect(closed.results.find((a) => a.id === alertId)).toMatchObject({ state: 'closed', note: NOTE });

    await ticket.click();
    await page.waitForURL(`**/dashboard/borlette/list-fiches-supprimer?**fiche=${fiche.id}**`);
    await page.getByRole('dialog').getByText(String(fiche.number)).first().waitFor();
  });

  it('the traceability of the companies shows both state changes, with the note', async () => {
    const page = await signedIn('superadmin');
    await page.goto('/dashboard/user/tracabilite-company');
    const table = page.getByRole('table', { name: 'Traçabilité des compagnies' });
    const changes = table.getByRole('row').filter({ hasText: 'Alerte : état changé' });
    await changes.first().waitFor();
    expect(await changes.count()).toBe(2);
    // Newest first: closed with the note, then seen.
    const [closing, seeing] = await changes.allTextContents();
    expect(closing).toContain(`Alerte #${alertId}`);
    expect(closing).toContain('État : Vue → Close');
    expect(closing).toContain('Note : Vérifié avec le vendeur');
    expect(seeing).toContain('État : Nouvelle → Vue');
    // The whole note in the entry's details.
    await changes.first().getByRole('button', { name: 'Actions pour l’entrée « Alerte : état changé »' }).click();
    await page.getByRole('menuitem', { name: 'Voir le détail' }).click();
    await page.getByRole('dialog').getByText(NOTE).waitFor();
  });

  it('the demo supervisor, without view_alert, has no bell and no alerts page; granted it, it has both', async () => {
    const page = await signedIn('superviseur');
    await page.getByRole('banner').waitFor();
    expect(await bell(page).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Aucune alerte nouvelle' }).count()).toBe(0);
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Alertes', exact: true }).count()).toBe(0);
    await page.goto('/dashboard/alerts');
    await page.getByRole('heading', { name: 'Permission non autorisé' }).waitFor();
    expect(await page.getByRole('table', { name: 'Alertes' }).count()).toBe(0);

    // The same supervisor granted the codename (agent1 is of the branch it watches): the bell and the page.
    await h.database.raw.query(
      "INSERT INTO user_permissions (user_id, codename) SELECT id, 'view_alert' FROM users WHERE username = 'superviseur'",
    );
    const granted = await signedIn('superviseur');
    await granted
      .getByRole('banner')
      .getByRole('link', { name: /alerte nouvelle|Aucune alerte nouvelle/ })
      .waitFor();
    await granted.getByRole('navigation').getByRole('link', { name: 'Alertes', exact: true }).first().waitFor();
    await granted.goto('/dashboard/alerts');
    await granted.getByRole('link', { name: `Fiche n° ${fiche.number}`, exact: true }).waitFor();
  });
});
