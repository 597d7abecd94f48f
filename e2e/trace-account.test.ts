import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/** Issue 16, the back office: traceability reads in French, « Mon compte » names permissions and changes the password. */
describeBrowser('traceability and « Mon compte » in the browser', () => {
  let h: Harness;
  const sold: { id: number; number: number }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: 'agent1', password: 'demo1234' },
    });
    const headers = { authorization: `Token ${login.json().accessToken}` };
    const config = (await h.app.inject({ url: '/api/agents/config', headers })).json();
    const draw = config.tirages.find((x: { name: string }) => x.name === 'Tirage Démo');
    for (const [number, stake] of [
      ['45', 2500],
      ['12', 1000],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/agents/fiches',
        headers,
        payload: { idempotency_key: randomUUID(), tirages: [draw.id], lines: [{ code: 20, number, stake }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      sold.push(res.json());
    }
    const cancel = await h.app.inject({
      method: 'POST',
      url: '/api/agents/fiches/cancel',
      headers,
      payload: { id: sold[1].id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });
  afterAll(() => h?.close());

  it('shows the agents’ sales and cancellations in French, with ticket numbers and amounts, and filters on « Vente »', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/user/tracabilite-agent');
    const table = page.getByRole('table', { name: 'Traçabilité des vendeurs' });
    await table.getByText(`Fiche n° ${sold[0].number}`).first().waitFor();
    await table.getByText('Annulation').first().waitFor();
    // 2500 centimes: « 25,00 HTG » (no raw centimes, no action codes, no internal ids).
    const text = ((await table.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('25,00 HTG');
    expect(text).not.toMatch(/\b(sell|cancel|2500)\b/);
    expect(text).not.toContain(`#${sold[0].id}`);

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Vente', exact: true }).click();
    await page.waitForURL(/action=sell/);
    await table.getByText('Annulation').waitFor({ state: 'detached' });
    await table.getByText(`Fiche n° ${sold[0].number}`).first().waitFor();
    expect(await table.getByText('Connexion', { exact: true }).count()).toBe(0);
  });

  it('names the admin’s permissions in French by group, and changes its own password (wrong current one refused)', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/user/account');
    await page.getByRole('region', { name: 'Organisation des compagnies' }).waitFor();
    const perms = await page.getByRole('region', { name: 'Organisation des compagnies' }).textContent();
    expect(perms).toContain('Vendeurs');
    expect(perms).toContain('Voir · Ajouter · Modifier · Bloquer');
    // No raw codename on the page (the password help names the spec's change_password on purpose).
    expect(await page.locator('main').textContent()).not.toMatch(/\b(view_agent|block_agent|view_report_vente)\b/);

    const current = page.getByLabel('Mot de passe actuel');
    await current.fill('pas-le-bon-1');
    await page.getByLabel('Nouveau mot de passe', { exact: false }).first().fill('Nouveau-Demo-2026');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('Nouveau-Demo-2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe actuel incorrect.').first().waitFor();

    await current.fill('demo1234');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe changé').first().waitFor();
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: 'demo', password: 'Nouveau-Demo-2026' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('lets the superuser reach its own password from its menu', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');
    await page
      .getByRole('button', { name: /compte/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Mon mot de passe' }).click();
    await page.waitForURL('**/dashboard/user/account');
    await page.getByLabel('Mot de passe actuel').waitFor();
    // Only the password: the superuser has no « mon compte » forms (spec).
    expect(await page.getByText('Informations personnelles').count()).toBe(0);
  });
});
