import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = ['/dashboard/terminals', '/dashboard/collections', '/dashboard/tirage/commissions', '/dashboard/agent/new', '/dashboard/rapports/agent'];
for (const scheme of ['light', 'dark']) for (const width of [390, 1440]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, locale: 'fr-FR' });
  await ctx.addInitScript((m) => localStorage.setItem('settings', JSON.stringify({ mode: m })), scheme);
  const page = await ctx.newPage();
  await page.goto(base + '/auth/login');
  await page.getByLabel('Pseudoname').fill('demo');
  await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Se Connecter' }).click();
  await page.waitForURL('**/dashboard/**');
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${p.replaceAll('/', '_')}-${scheme}-${width}.png`, fullPage: width === 1440 });
  }
  await ctx.close();
}
await browser.close();
