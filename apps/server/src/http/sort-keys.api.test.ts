import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeQuery, isObj } from '../../test/fuzz/encode';
import { buildOperations, collectZodSchemas, type JsonSchema, type Operation } from '../../test/fuzz/operations';
import { plausible, resolve } from '../../test/fuzz/schema-values';
import { auth, createTestApp, describeApi, type TestContext } from '../../test/helpers';
import { tokensPerRole } from '../../test/role-tokens';
import { testConfig } from '../config';

/** Names that exist on every object through Object.prototype (issue 15, defect 9). */
const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/**
 * Every list that takes `sort`, found from the route table and the OpenAPI document (zod where a route
 * is not documented): a prototype member as the sort key is an unknown column (400 on `sort`), never
 * a 500 from « function Object() { [native code] } » spliced into the SQL.
 */
describeApi('sort keys are the lists’ own columns, never Object.prototype members', () => {
  let t: TestContext;
  let ops: Operation[] = [];
  let defs: Record<string, JsonSchema> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    Object.assign(tokens, (await tokensPerRole(t)).tokens);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Parameters<typeof buildOperations>[1] & {
      components?: { schemas?: Record<string, JsonSchema> };
    };
    defs = doc.components?.schemas ?? {};
    const zod = await collectZodSchemas({ database: t.database, config: testConfig({ webDist: '/nonexistent' }) });
    ops = buildOperations(t.app.apiRoutes, doc, zod).filter(
      (o) => o.method === 'GET' && !o.url.includes(':') && Boolean(resolve(o.json.query, defs).properties?.sort),
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('answers 400 « Colonne de tri inconnue » for sort=__proto__, constructor, toString… on every list', async () => {
    expect(ops.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const op of ops) {
      const roles = op.access.public ? ['superuser'] : (op.access.roles as readonly string[]);
      const actor = ['superuser', 'company', 'agent', 'supervisor'].find((r) => roles.includes(r)) as string;
      const base = plausible(op.json.query, defs);
      const query: Record<string, unknown> = {};
      // Only what the list requires (a period): the sort is then the one thing wrong.
      for (const k of resolve(op.json.query, defs).required ?? []) if (isObj(base)) query[k] = base[k];
      for (const key of PROTO_KEYS) {
        for (const order of ['asc', 'desc']) {
          const qs = encodeQuery({ ...query, sort: key, order }).text;
          const res = await t.app.inject({ url: `${op.url}?${qs}`, headers: auth(tokens[actor]) });
          const body = res.json() as { fields?: Record<string, string>; message?: string };
          if (res.statusCode !== 400 || !body.fields?.sort)
            failures.push(`${op.url}?${qs} as ${actor} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      // The real columns still sort.
      const ok = await t.app.inject({ url: `${op.url}?${encodeQuery(query).text}`, headers: auth(tokens[actor]) });
      if (ok.statusCode !== 200) failures.push(`${op.url} without sort -> ${ok.statusCode} ${ok.body.slice(0, 120)}`);
    }
    console.info(`${ops.length} lists with a sort parameter checked`);
    expect(failures).toEqual([]);
  }, 120_000);
});
