import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

describeBrowser('signing in and out in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it.each([
    ['superadmin', 'Super Admin'],
    ['demo', 'Jean Baptiste'],
    ['superviseur', 'Marie Joseph'],
  ])('%s signs in, sees the dashboard, and signs out', async (username, shown) => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, username);
    await page.waitForURL('**/dashboard/app');
    await expect.poll(() => page.getByText('Login success').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(shown).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    await page.getByRole('button', { name: 'Compte', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // The token is revoked on the server too.
    const [{ n }] = await h.database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE u.username = $1 AND s.revoked_at IS NULL`,
      [username],
    );
    expect(n).toBe(0);
  });

  it('shows the required-field messages of the spec', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Se Connecter' }).click();
    await expect.poll(() => page.getByText('Le téléphone est requis').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Password is required').isVisible()).toBe(true);
  });

  it('a wrong password clears the form and says "Identifiants incorrects!"', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo', 'not-the-password');
    await expect.poll(() => page.getByText('Identifiants incorrects!').isVisible()).toBe(true);
    expect(await page.getByLabel('Pseudoname').inputValue()).toBe('');
    expect(await page.getByLabel('Mot de passe', { exact: true }).inputValue()).toBe('');
    expect(page.url()).toContain('/auth/login');
  });

  it('remembers the wanted path and restores it after sign-in', async () => {
    const { page } = await h.newPage();
    await page.goto('/dashboard/user/account');
    await page.getByLabel('Pseudoname').waitFor();
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/user/account');
  });

  it('sends a signed-in visitor of the landing page and of /auth/login to the dashboard', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/auth/login');
    await page.waitForURL('**/dashboard/app');
  });

  it('returns to the sign-in screen when the session is revoked on the server (401)', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await h.database.raw.query(
      "UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE username = 'demo')",
    );
    await page.reload();
    await page.getByLabel('Pseudoname').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  it('sends an agent who signs in at the back-office login to the point of sale, signed in there', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'agent1');
    await page.waitForURL('**/pos');
    // The token moved to the POS's own key: no back-office session is left to show an empty dashboard.
    expect(await page.evaluate(() => localStorage.getItem('pos.accessToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // Signed in at the POS: its sell screen, not its sign-in form.
    await page.getByRole('textbox', { name: 'Saisie des paris' }).waitFor();
    expect(await page.getByLabel('Pseudoname').count()).toBe(0);
  });

  it("leads a signed-in admin's 404 page back to the dashboard", async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/no-such-page');
    await page.waitForURL('**/404');
    const back = page.locator('a[href="/dashboard/app"]', { hasText: /tableau de bord|dashboard/i });
    await back.waitFor();
    await back.click();
    await page.waitForURL('**/dashboard/app');
  });
});
