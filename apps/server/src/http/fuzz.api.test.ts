import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sell, sellingCompany } from '../../test/engine-fixtures';
import { buildCase, type FuzzCase } from '../../test/fuzz/generate';
import { buildOperations, collectZodSchemas, type JsonSchema, type Operation } from '../../test/fuzz/operations';
import { type Actor, planArb } from '../../test/fuzz/plan';
import { changedTables, MAY_CHANGE, snapshot } from '../../test/fuzz/snapshot';
import { judge } from '../../test/fuzz/verdict';
import { auth, createTestApp, createUser, describeApi, ENGINE, login, type TestContext } from '../../test/helpers';
import { testConfig } from '../config';

/**
 * Fuzz: malformed, boundary and hostile requests on every /api operation of the OpenAPI document and
 * the route table, sent as users with broad rights (so that they reach validation and the services).
 * Every request must answer (10 s at most) without a 5xx; every write must be refused (each case is
 * invalid by construction, checked against the route's own zod schemas); every refusal carries the
 * JSON error body with a French message; and the database is the same afterwards.
 *
 * FUZZ_RUNS (default 2 000) sets the number of requests, FUZZ_SEED replays a run (`node scripts/fuzz.mjs`:
 * 10 000), FUZZ_DEBUG=1 prints a refusal of each read that never answered 2xx (to deepen the generator).
 * Generators: apps/server/test/fuzz/ (values, operations = route table + OpenAPI + zod oracle, generate,
 * snapshot, verdict).
 */
const RUNS = Number(process.env.FUZZ_RUNS || 2000);
const SEED = Number(process.env.FUZZ_SEED || 20_261_123);
if (!Number.isSafeInteger(RUNS) || RUNS < 1)
  throw new Error(`FUZZ_RUNS must be a positive integer, not ${process.env.FUZZ_RUNS}`);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
const TIMEOUT_MS = 10_000;
const CONCURRENCY = ENGINE === 'postgres' ? 4 : 1;

describeApi('fuzz: hostile requests on every endpoint', () => {
  let t: TestContext;
  const tokens: Partial<Record<Actor, string>> = {};
  let ops: Operation[] = [];
  let defs: Record<string, JsonSchema> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const { raw } = t.database;
    // Data for the ids to point at: a selling company, its admin, an agent with a sold ticket; a superuser.
    const c = await sellingCompany(t.database, { agents: 1, tirages: 2 });
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const root = await createUser(t.database, { role: 'superuser', fullAccess: true });
    await raw.query('UPDATE users SET select_company = $2 WHERE id = $1', [root.id, c.company.ref_code]);
    await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });
    tokens.superuser = (await login(t.app, root.username)).accessToken;
    tokens.company = (await login(t.app, admin.username)).accessToken;
    tokens.agent = (await login(t.app, c.agents[0].username)).accessToken;
    const sup = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, fullAccess: true });
    await raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [c.agents[0].id, sup.id]);
    tokens.supervisor = (await login(t.app, sup.username)).accessToken;

    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json() as {
      paths: Record<string, Record<string, never>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    defs = openapi.components?.schemas ?? {};
    const zod = await collectZodSchemas({ database: t.database, config: testConfig({ webDist: '/nonexistent' }) });
    ops = buildOperations(t.app.apiRoutes, openapi, zod);
  }, 120_000);
  afterAll(() => t?.close());

  /** The users that may call an operation, those with the broadest rights first. */
  function actors(op: Operation): Actor[] {
    if (op.access.public) return ['superuser', 'company', 'agent', 'none'];
    const roles = op.access.roles as readonly string[];
    const out: Actor[] = [];
    if (roles.includes('superuser')) out.push('superuser');
    if (roles.includes('company')) out.push('company');
    if (roles.includes('agent')) out.push('agent');
    // A supervisor only where nobody broader may go (its own account routes).
    return out.length ? out : ['supervisor'];
  }

  async function send(c: FuzzCase) {
    const token = c.actor === 'none' ? undefined : tokens[c.actor];
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
    });
    try {
      const res = await Promise.race([
        t.app.inject({
          method: c.method,
          url: c.url,
          headers: {
            ...c.headers,
            ...(c.authorization !== undefined ? { authorization: c.authorization } : token ? auth(token) : {}),
          },
          payload: c.payload,
        }),
        timeout,
      ]);
      return { res, ms: performance.now() - started };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Properties added to the built-in prototypes since the start (removed again, reported). */
  const BUILT_INS: [string, object][] = [
    ['Object.prototype', Object.prototype],
    ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype],
    ['String.prototype', String.prototype],
    ['Object', Object],
    ['Object.prototype.toString', Object.prototype.toString],
    ['Object.prototype.valueOf', Object.prototype.valueOf],
    ['Object.prototype.hasOwnProperty', Object.prototype.hasOwnProperty],
  ];
  const baseline = BUILT_INS.map(([, o]) => new Set(Reflect.ownKeys(o)));
  function pollution(): string[] {
    const added: string[] = [];
    BUILT_INS.forEach(([name, o], i) => {
      for (const k of Reflect.ownKeys(o)) {
        if (baseline[i].has(k)) continue;
        added.push(`${name}[${String(k)}]`);
        delete (o as Record<PropertyKey, unknown>)[k];
      }
    });
    return added;
  }

  it(
    `answers ${RUNS} malformed requests without a 5xx, a hang, a write or an unclear message`,
    async () => {
      expect(ops.length).toBeGreaterThan(50);
      const undocumented = ops.filter((o) => !o.documented).map((o) => `${o.method} ${o.url}`);
      const before = await snapshot(t.database.raw);

      // Cases are built and sent in chunks (huge values stay few in memory), chunk k sampled with seed
      // SEED + k; the database is compared after each chunk, so that a write points at its 100 requests.
      const CHUNK = 100;
      let writes = 0;
      const notInvalid: string[] = [];
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const written: string[] = [];
      const reached = new Set<string>();
      const codes = new Map<string, number>();
      const lastRefusal = new Map<string, string>();
      let slowest = { ms: 0, route: '' };
      let previous = before;
      const started = performance.now();
      for (let k = 0; k * CHUNK < RUNS; k++) {
        const plans = fc.sample(planArb, { seed: SEED + k, numRuns: Math.min(CHUNK, RUNS - k * CHUNK) });
        const cases = plans.map((plan, j) => buildCase(ops[(k * CHUNK + j) % ops.length], plan, { defs, actors }));
        const accepted: string[] = [];
        let next = 0;
        const worker = async () => {
          while (next < cases.length) {
            const c = cases[next++];
            if (c.write) {
              writes++;
              if (!c.invalid.length) {
                notInvalid.push(`${c.route} [${c.kinds.join(',')}]`);
                continue; // never sent: the generator must make every write invalid
              }
            }
            const { res, ms } = await send(c);
            if (ms > slowest.ms) slowest = { ms, route: c.route };
            const describe = () =>
              `${c.method} ${c.url.slice(0, 160)} as ${c.actor} [${c.kinds.join(',')}] ` +
              `invalid: ${c.invalid.join('; ').slice(0, 160)} body: ${String(c.payload ?? '').slice(0, 200)}`;
            if (res === 'timeout') {
              statuses.set(0, (statuses.get(0) ?? 0) + 1);
              failures.push(`no answer within ${TIMEOUT_MS} ms: ${describe()}`);
              continue;
            }
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode < 400) {
              accepted.push(`${c.method} ${c.url.slice(0, 100)}`);
              reached.add(c.route);
            } else {
              const code = /"code":"([A-Z_0-9]+)"/.exec(res.body)?.[1] ?? 'non-JSON';
              codes.set(code, (codes.get(code) ?? 0) + 1);
              if (c.kinds.length <= 2)
                lastRefusal.set(c.route, `${c.url.slice(0, 150)} -> ${res.statusCode} ${res.body.slice(0, 150)}`);
            }
            const problem = judge(res, {
              write: c.write,
              htmlPagesAllowed: c.route.includes('/api/public/payments/'),
            });
            if (problem) failures.push(`${problem}\n    <- ${describe()}`);
            const polluted = pollution();
            if (polluted.length) failures.push(`prototype polluted (${polluted.join(', ')})\n    <- ${describe()}`);
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        const now = await snapshot(t.database.raw);
        const changed = changedTables(previous, now);
        if (changed.length) {
          written.push(
            `chunk ${k} (FUZZ_SEED=${SEED} run ${k}): ${changed.join('; ')} - answered < 400: ${accepted.join(' | ')}`,
          );
        }
        previous = now;
      }
      const seconds = (performance.now() - started) / 1000;
      const changed = changedTables(before, previous);

      const byStatus = [...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s === 0 ? 'timeout' : s}: ${n}`)
        .join(', ');
      console.info(
        `fuzz (${ENGINE}): ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests on ${ops.length} operations in ${seconds.toFixed(1)} s ` +
          `(seed ${SEED}, FUZZ_SEED to replay) - ${byStatus} - slowest ${slowest.ms.toFixed(0)} ms (${slowest.route}) - ` +
          `${writes} to routes with an effect; tables allowed to change: ${Object.keys(MAY_CHANGE).join(', ')}` +
          (undocumented.length ? ` - not in the OpenAPI document: ${undocumented.join(', ')}` : ''),
      );
      const byCode = [...codes.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`);
      console.info(`refusals by code: ${byCode.join(', ')}`);
      const neverOk = ops.filter((o) => !o.write && !reached.has(`${o.method} ${o.url}`));
      console.info(`reads never answered 2xx (${neverOk.length}): ${neverOk.map((o) => o.url).join(' ')}`);
      if (process.env.FUZZ_DEBUG) for (const o of neverOk) console.info(lastRefusal.get(`${o.method} ${o.url}`));
      expect(notInvalid.slice(0, 20), 'write cases the generator could not make invalid').toEqual([]);
      if (failures.length) console.error(`fuzz failures (${failures.length}):\n${failures.slice(0, 40).join('\n')}`);
      if (written.length) console.error(`fuzz writes:\n${written.slice(0, 10).join('\n')}`);
      expect(failures.slice(0, 20)).toEqual([]);
      expect(changed, 'tables written by refused requests').toEqual([]);
    },
    Math.max(300_000, RUNS * 200),
  );
  it('answers the requests that once failed (regressions found by the fuzz)', async () => {
    const as = (actor: Actor) => auth(tokens[actor] as string);
    const boundary = '----fuzzregression';
    const form = (payload: string) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...as('superuser') },
      payload,
    });
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const cases: { name: string; req: InjectOptions; status: number }[] = [
      {
        name: 'a form field named __proto__[0] / hasOwnProperty[0] (Object.prototype polluted)',
        req: {
          method: 'POST',
          url: '/api/generals/compagnies',
          ...form(`${part('hasOwnProperty[0]', 'x')}${part('__proto__[0]', 'y')}--${boundary}--\r\n`),
        },
        status: 400,
      },
      {
        name: 'a multipart body cut before its end (500)',
        req: {
          method: 'POST',
          url: '/api/generals/countries',
          ...form(`${part('name', 'x')}--${boundary}\r\nContent-Disposition: form-data; name="y"\r\n\r\nab`),
        },
        status: 400,
      },
      {
        name: 'a path parameter over 200 characters (English 414)',
        req: { url: `/api/public/fiche/${'a'.repeat(201)}` },
        status: 414,
      },
      {
        name: 'a path that is not valid percent-encoding (English 400)',
        req: { url: '/api/public/fiche/%E0%A4%A' },
        status: 400,
      },
      {
        name: 'a NUL byte in a search (500)',
        req: { url: '/api/games/limite-fiche?search=%00', headers: as('superuser') },
        status: 400,
      },
      {
        name: 'an id beyond the integer column (500)',
        req: { url: '/api/companies/list-tirage?source_id=2147483648', headers: as('company') },
        status: 400,
      },
      {
        name: 'a game code beyond smallint (500)',
        req: { url: '/api/companies/type-games?code=-194795', headers: as('company') },
        status: 400,
      },
      {
        name: 'a sort key found on Object.prototype (500, « syntax error at or near "Object" »)',
        req: { url: '/api/companies/fiche-supp?sort=constructor', headers: as('company') },
        status: 400,
      },
      {
        name: 'sort=__proto__ on the audit trail (its own sort map)',
        req: { url: '/api/companies/tracabilites-agents?sort=__proto__', headers: as('company') },
        status: 400,
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c.req);
      const problem = judge(res, { write: false, htmlPagesAllowed: false });
      expect(`${c.name}: ${res.statusCode} ${problem ?? ''}`).toBe(`${c.name}: ${c.status} `);
    }
    expect(pollution()).toEqual([]);
    // An empty page of a list whose display columns use a parameter (a period): its count query (500).
    const empty = await t.app.inject({
      url: '/api/companies/list-tirage?search=zzz-none&mode=auto&start_date=2026-01-15&end_date=2026-01-15',
      headers: as('company'),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ results: [], count: 0 });
  });
});
