import type { Collection, CollectionPage } from '@borlette/shared/contracts/collections';
import { collectionEscpos } from '@borlette/shared/receipt/collection-escpos';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';
import { fakeSerialPrinter, printedCount, takePrinted } from './pos-kit';

/**
 * The collection receipt on a thermal printer (issue 20 §2, printed « like the tickets »): the back
 * office prints through the POS's printing stack, with a fake Web Serial port injected before the app
 * loads. The bytes received are exactly the shared `collectionEscpos` rendering of the collection the
 * API answered, at the width chosen on this device.
 */
describeBrowser('collections: the receipt printed on a thermal printer through Web Serial', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    const [{ id: supId }] = await raw.query<{ id: number }>("SELECT id FROM users WHERE username = 'superviseur'");
    for (const c of ['view_collection', 'add_collection'])
      await raw.query('INSERT INTO user_permissions (user_id, codename) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        supId,
        c,
      ]);
  });
  afterAll(() => h?.close());

  async function collectionsPage(username: string): Promise<Page> {
    const { page, context } = await h.newPage();
    await fakeSerialPrinter(context);
    await page.goto('/auth/login');
    await signIn(page, username);
    await page.waitForURL('**/dashboard/app');
    return page;
  }

  /** « Imprimante » of the collections page: Web Serial at `width`, connected now or at the first print. */
  async function chooseSerial(page: Page, { width, connect }: { width: 58 | 80; connect: boolean }) {
    await page.getByRole('button', { name: 'Imprimante', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimante' });
    await dialog.getByRole('radio', { name: 'Port série' }).check();
    await dialog.getByRole('button', { name: `${width} mm` }).click();
    if (connect) {
      await dialog.getByRole('button', { name: 'Connecter' }).click();
      await dialog.getByText('Connectée : USB 0416:5011').waitFor();
    }
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('the supervisor records a collection, then « Imprimer » prints exactly its ESC/POS bytes', async () => {
    const page = await collectionsPage('superviseur');
    await page.goto('/dashboard/collections');
    await chooseSerial(page, { width: 58, connect: true });

    await page.getByRole('button', { name: 'Nouvelle collecte' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nouvelle collecte' });
    await form.getByLabel('Vendeur').fill('Rose');
    await page.getByRole('option', { name: /Rose Charles/ }).click();
    await form.getByLabel('Montant (HTG)').fill('1 250,50');
    await form.getByLabel('Note').fill('Versement du soir, billets de 1 000');
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/companies/collections',
    );
    await form.getByRole('button', { name: 'Enregistrer la collecte' }).click();
    const collection = (await (await answer).json()) as Collection;
    expect(collection.amount).toBe(125_050);

    // Recorded: its receipt on screen, nothing printed before the click.
    const receipt = page.getByRole('dialog', { name: 'Collecte enregistrée' });
    await receipt.getByText(`Collecte n° ${collection.id}`).waitFor();
    expect(await printedCount(page)).toBe(0);
    await receipt.getByRole('button', { name: 'Imprimer' }).click();
    await expect.poll(() => printedCount(page)).toBeGreaterThan(0);
    await expect.poll(async () => (await printedCount(page)) === collectionEscpos(collection, 58).length).toBe(true);
    expect(Uint8Array.from(await takePrinted(page))).toEqual(collectionEscpos(collection, 58));
    expect(await page.evaluate(() => (window as unknown as { __baud: number }).__baud)).toBe(9600);
    expect(await receipt.getByRole('alert').count()).toBe(0);
  });

  it('the admin prints a listed collection at 80 mm: the printer is chosen from the print’s own click', async () => {
    const page = await collectionsPage('demo');
    const listed = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/companies/collections',
    );
    await page.goto('/dashboard/collections');
    const list = (await (await listed).json()) as CollectionPage;
    const collection = list.results.find((c) => c.agent_name === 'Rose Charles');
    if (!collection) throw new Error('the supervisor’s collection is not listed');
    // Web Serial chosen on this device but never connected: the print asks for the port itself.
    await chooseSerial(page, { width: 80, connect: false });

    await page
      .getByRole('button', { name: /auprès de Rose Charles/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Imprimer le reçu' }).click();
    const expected = collectionEscpos(collection, 80);
    await expect.poll(() => printedCount(page)).toBe(expected.length);
    expect(Uint8Array.from(await takePrinted(page))).toEqual(expected);

    // A port that fails: the page says why in French and « Réimprimer » prints once it is back.
    await page.evaluate(() => {
      (window as unknown as { __portFails: boolean }).__portFails = true;
    });
    await page
      .getByRole('button', { name: /auprès de Rose Charles/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Imprimer le reçu' }).click();
    const alert = page.getByRole('alert').filter({ hasText: `Le reçu de la collecte n° ${collection.id}` });
    await alert.getByText('L’impression a échoué').waitFor();
    await page.evaluate(() => {
      (window as unknown as { __portFails: boolean }).__portFails = false;
    });
    await takePrinted(page);
    await alert.getByRole('button', { name: 'Réimprimer' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => printedCount(page)).toBe(expected.length);
    expect(Uint8Array.from(await takePrinted(page))).toEqual(expected);
  });
});
