import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Endpoint, isEndpoint } from '@borlette/shared/endpoint';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeApi, type TestContext } from '../../test/helpers';

const CONTRACTS = path.join(import.meta.dirname, '../../../../packages/shared/src/contracts');

/** Every endpoint declared by a contract (`<module>Endpoints` objects, or single exports). */
async function declaredEndpoints(): Promise<Map<string, Endpoint>> {
  const found = new Map<string, Endpoint>();
  const visit = (value: unknown, depth: number) => {
    if (isEndpoint(value)) found.set(`${value.method} ${value.path}`, value);
    else if (value && typeof value === 'object' && depth < 3) for (const v of Object.values(value)) visit(v, depth + 1);
  };
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts') && !f.includes('.test.'))) {
    const mod = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) visit(value, 0);
  }
  return found;
}

/**
 * Issue 17: the route table IS the declarations. Every /api route is registered from a declaration
 * of packages/shared (http/route.ts; http/auth.ts refuses any other), and every declaration is served:
 * a declared endpoint nobody registers would be a path the web calls into a 404.
 */
describeApi('the API serves exactly the endpoints packages/shared declares', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('registers every declared endpoint, and no /api route without a declaration', async () => {
    const declared = await declaredEndpoints();
    const served = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    const elsewhere = (e: Endpoint) => e.onlyOn !== undefined && e.onlyOn !== t.database.kind;
    const unserved = [...declared].filter(([key, e]) => key.includes(' /api/') && !served.has(key) && !elsewhere(e));
    expect(unserved.map(([key]) => key)).toEqual([]);
    expect([...served].filter((e) => !declared.has(e))).toEqual([]);
    expect(t.app.apiRoutes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
