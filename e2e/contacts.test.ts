import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

describeBrowser('contact inbox (superuser) in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('the superuser reads a contact message and marks it handled in one click', async () => {
    await h.database.raw.query(
      "INSERT INTO contact_messages (name, email, subject, message) VALUES ('Jean Inbox', 'jean@example.ht', 'Demande de démo', 'Bonjour, je voudrais une démo.')",
    );
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');
    await page.getByRole('link', { name: 'Messages de contact' }).first().click();
    await page.waitForURL('**/dashboard/contacts');
    const table = page.getByRole('table', { name: 'Messages de contact' });
    await table.getByText('Jean Inbox').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bonjour, je voudrais une démo.').waitFor();
    await dialog.getByRole('button', { name: 'Marquer comme traité' }).click();
    await dialog.getByRole('button', { name: 'Marquer comme non traité' }).waitFor();
    const [row] = await h.database.raw.query<{ handled: boolean }>(
      "SELECT handled FROM contact_messages WHERE name = 'Jean Inbox'",
    );
    expect(row.handled).toBe(true);
  });
});
