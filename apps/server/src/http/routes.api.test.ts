import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeApi, expectErrorBody, type TestContext } from '../../test/helpers';
import { isAccess } from './access';
import { registerAuth } from './auth';

describeApi('every route declares its access', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('each /api route declares public or roles + permission, and the server enforces it', async () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(8);
    for (const r of routes) {
      expect(isAccess(r.access), `${r.method} ${r.url} declares no access`).toBe(true);
      if (!r.access.public) {
        // No token: the server itself refuses.
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url,
          payload: r.method === 'GET' ? undefined : {},
        });
        expectErrorBody(res, 401);
      }
    }
    console.info(`${routes.length} API routes checked`);
  });

  it('refuses to register an /api route that no declaration of packages/shared made, or without access', async () => {
    const app = Fastify();
    registerAuth(app, t.database);
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/not registered from a declaration/);
    const declared = { method: 'GET', path: '/api/oops2', tag: 't', summary: 's', response: null } as never;
    expect(() => app.get('/api/oops2', { config: { endpoint: declared } }, async () => 'x')).toThrow(
      /declares no access/,
    );
    await app.close();
  });

  it('answers an unknown API path with a French JSON 404, and serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(expectErrorBody(res, 404).message).toBe('Ressource introuvable.');
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/user/auth/login', '/api/generals/user', '/api/companies/user']),
    );
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // WebAssembly (the POS's barcode reader) compiles; JavaScript eval stays refused.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-request-id']).toBeTruthy();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });
});
