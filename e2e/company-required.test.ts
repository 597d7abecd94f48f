import { DASHBOARD_SCREENS } from '@borlette/shared/routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenNeedsOneCompany } from '../apps/web/src/lib/company-required';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/** A concrete URL of a screen: ids 1, the prime configuration of agents. */
const concrete = (path: string) => path.replace(':type', 'agent').replace(/:[A-Za-z]+/g, '1');

describeBrowser('create/edit pages with « Toutes » (superuser)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('every one asks for the company before showing a form, then shows it once chosen', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');

    const screens = DASHBOARD_SCREENS.filter(screenNeedsOneCompany);
    expect(screens.length).toBeGreaterThan(25);
    for (const screen of screens) {
      await page.goto(concrete(screen.path));
      const title = page.getByRole('heading', { name: 'Choisissez une compagnie' });
      await title.waitFor();
      // No form, no field: nothing can be typed before the company is chosen.
      expect(await page.locator('main form, main input:not([type=hidden]), main textarea').count(), screen.path).toBe(
        0,
      );
      await page.getByRole('menuitem', { name: 'Borlette Démo' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Toutes' }).count(), screen.path).toBe(0);
    }

    await page.goto('/dashboard/surcussale/new');
    await page.getByRole('menuitem', { name: 'Borlette Démo' }).click();
    await page.locator('main form input[name=name]').waitFor();
    expect(await page.getByRole('heading', { name: 'Choisissez une compagnie' }).count()).toBe(0);
    // One page load per screen (30 and more): its time grows with the screens, not with a defect.
  }, 180_000);
});
