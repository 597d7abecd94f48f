import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, startHarness } from './harness';

/**
 * Issue 16: an agent changes its own password at /pos (« Mon compte » menu): a wrong current password
 * is refused with the server's French message; on success this session goes on, the agent's other
 * sessions are closed, and the new password is the one that signs in.
 */
describeBrowser('point of sale: the agent changes its own password', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const login = (password: string) =>
    h.app.inject({ method: 'POST', url: '/api/user/auth/login', payload: { username: 'agent1', password } });

  it('refuses a wrong current password, then changes it, keeps this session and signs in with the new one', async () => {
    // Another session of agent1 (another device): the change closes it.
    const other = (await login('demo1234')).json().accessToken as string;
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/pos');
    await page.getByLabel('Pseudoname').fill('agent1');
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('menuitem', { name: 'Changer mon mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer mon mot de passe' });
    await dialog.getByLabel('Mot de passe actuel').fill('pas-le-bon-1');
    await dialog.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('Agent1-Neuf-2026');
    await dialog.getByLabel('Confirmer le nouveau mot de passe').fill('Agent1-Neuf-2026');
    await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await dialog.getByText('Mot de passe actuel incorrect.').waitFor();
    expect((await login('demo1234')).statusCode).toBe(200);

    await dialog.getByLabel('Mot de passe actuel').fill('demo1234');
    await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe changé. Vos autres sessions ont été déconnectées.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const gone = await h.app.inject({ url: '/api/agents/user', headers: { authorization: `Token ${other}` } });
    expect(gone.statusCode).toBe(401);

    // This session goes on (its token is still accepted), then the agent signs out and in again.
    const token = await page.evaluate(() => localStorage.getItem('pos.accessToken'));
    const still = await h.app.inject({ url: '/api/agents/user', headers: { authorization: `Token ${token}` } });
    expect(still.statusCode).toBe(200);
    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByLabel('Pseudoname').fill('agent1');
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill('Agent1-Neuf-2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('button', { name: 'Mon compte' }).waitFor();
    expect((await login('demo1234')).statusCode).toBe(401);
  });
});
