import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * The phone-width pass of issue 16 beyond the lists: at 390 px the admin's home board and a ticket's
 * drawer (its lines per draw, with a wide win) show no visible table, never scroll sideways, and every
 * amount lies inside the viewport, unclipped.
 */
describeBrowser('home board and ticket drawer on a phone', () => {
  let h: Harness;
  let ficheId: number;

  beforeAll(async () => {
    h = await startHarness();
    await h.database.raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
    // A ticket of the demo with a wide win on each line: the widest figures a drawer shows.
    const [fiche] = await h.database.raw.query<{ id: number }>(
      `SELECT f.id FROM fiches f JOIN companies c ON c.id = f.company_id
        WHERE c.ref_code = 'DEMO' AND EXISTS (SELECT 1 FROM fiche_lines l WHERE l.fiche_id = f.id)
        ORDER BY f.id LIMIT 1`,
    );
    ficheId = Number(fiche.id);
    await h.database.raw.query('UPDATE fiche_lines SET win_amount = 123456789 WHERE fiche_id = $1', [ficheId]);
    await h.database.raw.query('UPDATE fiche_tirages SET win_amount = 987654321 WHERE fiche_id = $1', [ficheId]);
  });
  afterAll(() => h?.close());

  async function phone() {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/**');
    return page;
  }

  /** Within `scope`: visible tables, and the amounts (« 1 234,56 ») cut off or outside the viewport. */
  function inspect(scope: Locator) {
    return scope.evaluate((root) => {
      const width = window.innerWidth;
      // Tables a screen reader reads in place of a chart are clipped away: not seen, not counted.
      const seen = (el: Element) => {
        for (let box: Element | null = el; box; box = box.parentElement)
          if (getComputedStyle(box).clip.startsWith('rect')) return false;
        return el.getBoundingClientRect().width > 0;
      };
      // A box that hides its overflow still scrolls sideways (focus, a screen reader): no seen box may
      // have any, but a text cut with an ellipsis on purpose (a long name, a select's value).
      const scrolls = [...root.querySelectorAll('*')].filter((el) => {
        const style = getComputedStyle(el);
        return (
          style.overflowX !== 'visible' &&
          style.textOverflow !== 'ellipsis' &&
          el.scrollWidth > el.clientWidth + 1 &&
          seen(el) &&
          !el.closest('input, .MuiSelect-select, .MuiInputBase-root')
        );
      });
      const amounts = [...root.querySelectorAll('*')].filter(
        (el) =>
          el.children.length === 0 &&
          /\d,\d\d/.test(el.textContent ?? '') &&
          seen(el) &&
          !el.closest('table, [hidden]'),
      );
      const cut = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.left < -0.5 || r.right > width + 0.5) return true;
        // Clipped by itself or by a box around it that hides or scrolls what overflows.
        for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
          const b = box.getBoundingClientRect();
          const style = getComputedStyle(box);
          if (style.overflowX !== 'visible' && (r.left < b.left - 0.5 || r.right > b.right + 0.5)) return true;
          if (box === el && (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1) return true;
        }
        return false;
      };
      return {
        overflow: document.documentElement.scrollWidth - width,
        scrolls: scrolls.map((el) => `${el.tagName} ${(el.textContent ?? '').slice(0, 40)}`),
        tables: [...root.querySelectorAll('table')].filter(seen).length,
        amounts: amounts.length,
        cut: amounts.filter(cut).map((el) => el.textContent),
      };
    });
  }

  async function expectFits(page: Page, scope: Locator, what: string) {
    const seen = await inspect(scope);
    expect(seen.overflow, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    expect(seen.amounts, `${what}: amounts shown`).toBeGreaterThan(0);
    expect(seen.cut, `${what}: amounts cut off or off-screen`).toEqual([]);
    expect(seen.tables, `${what}: a table at 390 px`).toBe(0);
    expect(seen.scrolls, `${what}: boxes that scroll sideways`).toEqual([]);
    return page;
  }

  it('shows the home board with every amount in view at 390 px', async () => {
    const page = await phone();
    await page.goto('/dashboard/app');
    await page.getByRole('heading', { name: 'Meilleurs vendeurs' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectFits(page, page.getByRole('main'), 'home');
  });

  it("shows a ticket's lines as cards with their stake and win in view at 390 px", async () => {
    const page = await phone();
    await page.goto(`/dashboard/borlette/list-fiches?fiche=${ficheId}`);
    const drawer = page.getByRole('dialog');
    await drawer
      .getByText(/1\s234\s567,89/)
      .first()
      .waitFor();
    await expectFits(page, drawer, 'drawer');
    const line = drawer.getByRole('list', { name: 'Paris' }).getByRole('listitem').first();
    expect(await line.locator('[data-card-field="stake"] dd').textContent()).toMatch(/\d/);
    expect(await line.locator('[data-card-field="win"] dd').textContent()).toMatch(/1\s234\s567,89/);
  });
});
