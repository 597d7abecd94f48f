import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createTestApp, describeApi, PASSWORD, type TestContext } from '../../test/helpers';
import { tokensPerRole } from '../../test/role-tokens';

/**
 * Issue 15, defect 12: no authenticated API answer may be kept by a browser or a proxy (a shared
 * computer's back button, a corporate cache). The routes come from the route table, so a new one is
 * covered without editing this file.
 */
describeApi('authenticated API answers and exports carry Cache-Control: no-store', () => {
  let t: TestContext;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    Object.assign(tokens, (await tokensPerRole(t)).tokens);
  });
  afterAll(() => t?.close());

  const noStore = (h: unknown) => String(h ?? '').includes('no-store');

  it('every authenticated GET route answers no-store (success, refusal or 404), JSON and CSV', async () => {
    const reads = t.app.apiRoutes.filter((r) => r.method === 'GET' && !r.access.public && !r.url.includes('*'));
    expect(reads.length).toBeGreaterThan(60);
    const missing: string[] = [];
    let ok = 0;
    for (const r of reads) {
      const roles = r.access.public ? [] : (r.access.roles as readonly string[]);
      const actor = ['superuser', 'company', 'supervisor', 'agent'].find((x) => roles.includes(x)) as string;
      const url = r.url.replace(/:\w+/g, '1');
      for (const u of [url, `${url}?format=csv`]) {
        const res = await t.app.inject({ url: u, headers: auth(tokens[actor]) });
        if (res.statusCode < 300) ok++;
        if (!noStore(res.headers['cache-control']))
          missing.push(`${u} (${res.statusCode}) ${res.headers['cache-control']}`);
      }
    }
    expect(missing).toEqual([]);
    // Most routes answered their data (not only refusals).
    expect(ok).toBeGreaterThan(reads.length);
  });

  it('a CSV export and the sign-in answer (a token) are no-store; public images are revalidated (a removed one is a 404 at once)', async () => {
    const csv = await t.app.inject({ url: '/api/companies/fiche-supp?format=csv', headers: auth(tokens.company) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(noStore(csv.headers['cache-control'])).toBe(true);
    const [file] = await t.database.raw.query<{ id: string }>(
      `INSERT INTO files (company_id, content_type, data, size, width, height)
       VALUES (NULL, 'image/webp', '\\x00'::bytea, 1, 1, 1) RETURNING id`,
    );
    const img = await t.app.inject({ url: `/uploads/${file.id}.webp` });
    expect(img.statusCode).toBe(200);
    // Public, revalidated at each use: a removed image stops being served by caches too.
    expect(img.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({
      url: `/uploads/${file.id}.webp`,
      headers: { 'if-none-match': img.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    await t.database.raw.query('DELETE FROM files WHERE id = $1', [file.id]);
    const gone = await t.app.inject({
      url: `/uploads/${file.id}.webp`,
      headers: { 'if-none-match': img.headers.etag },
    });
    expect(gone.statusCode).toBe(404);
    const [admin] = await t.database.raw.query<{ username: string }>(
      "SELECT username FROM users WHERE role = 'company'",
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: admin.username, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(noStore(signIn.headers['cache-control'])).toBe(true);
    const health = await t.app.inject({ url: '/api/health' });
    expect(noStore(health.headers['cache-control'])).toBe(true);
  });
});
