import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Actor,
  buildMatrixWorld,
  type MatrixWorld,
  setPermissions,
} from '../../test/fixtures/access-matrix.fixtures';
import { FOREIGN_MARKER, HOME_MARKER, UNSUPERVISED_MARKER } from '../../test/fixtures/access-matrix-company.fixtures';
import {
  BODYLESS_WRITES,
  GHOST_ID,
  ghostOf,
  type Kind,
  type KindIds,
  kindTable,
  OPTIONAL_FILLED,
  type Variant,
} from '../../test/harness/access-matrix-kinds';
import { type JsonSchema, planRoutes, type RoutePlan, resolver, sample } from '../../test/harness/access-matrix-plan';
import { auth, createTestApp, describeApi, ENGINE, type TestContext } from '../../test/helpers';
import {
  ACCOUNT_ROUTES,
  ACTOR_ORDER,
  actorPermissions,
  allowed,
  codeOf,
  isCompanyRoute,
  isTenantKind,
  normalise,
  OPEN_TO_STAFF,
} from '../../test/oracles/access-matrix.oracle';

/**
 * Issue 6's access matrix, generated from the route table (`app.apiRoutes`) and the OpenAPI document
 * (each route's query, path and body fields): every API route × every kind of caller × own / foreign /
 * non-supervised / non-existent record ids. A new route is covered without anyone remembering it; a
 * new id field whose kind of record is unknown fails the test until it is added to the tables below.
 *
 * Expected answers come from the declared access (roles + permission) and the tenancy rules:
 * - anonymous: 401 on every protected route; a role outside `roles`, or a user without the codename: 403;
 * - an allowed caller on its own records: anything but 401/403/5xx (a minimal, generated input may be
 *   refused by validation or by a business rule);
 * - an allowed caller naming a record of the other company (or, for a supervisor, of an agent it does
 *   not watch): 403/404, or the very answer a non-existent id gets (so a list filtered by a foreign
 *   id answers like one filtered by nothing that exists: empty, and no figure of the other company);
 *   a write naming a foreign record never succeeds;
 * - every answer of a caller of company A is searched for company B's marker (and a supervisor's for
 *   the marker of the agent it does not watch), and vice versa for B's admin;
 * - never a 5xx.
 *
 * Callers: anonymous, A's point-of-sale agent, A's supervisor holding every company codename and one
 * holding all but the route's, platform staff holding nothing and platform staff holding only the
 * route's codenames (A selected), B's company admin, A's company admin, the full superuser (A selected). Writes change the world, so the calls run in phases: every read,
 * then the writes that must be refused, then the allowed writes on own records, deletions last; the
 * callers are never the target of a write (a blocked agent, a changed password would end their
 * session), and the superuser's company writes go to a company of nobody (test/fixtures/access-matrix.fixtures.ts).
 */

interface Call {
  plan: RoutePlan;
  actor: Actor;
  variant: Variant;
  method: string;
  url: string;
  payload?: unknown;
  /** 0: reads; 1: writes that must be refused; 2: own writes; 3: own deletions. */
  phase: number;
  /** The route names records of a company (so B's admin naming A's is a foreign call). */
  tenant: boolean;
}

interface Result {
  call: Call;
  res: LightMyRequestResponse;
}

describeApi('access matrix: every route × every caller × own / foreign ids', () => {
  let t: TestContext;
  let w: MatrixWorld;
  let ids: Record<Kind, KindIds>;
  let plans: RoutePlan[];
  let unknownKinds: string[];
  let resolve: (s: unknown) => JsonSchema;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildMatrixWorld(t);
    ids = kindTable(w);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Record<string, unknown>;
    resolve = resolver(doc as never);
    ({ plans, unknownKinds } = (() => {
      const r = planRoutes(t.app.apiRoutes, doc);
      return { plans: r.plans, unknownKinds: r.unknown };
    })());
  }, 120_000);
  afterAll(() => t?.close());

  it('knows the record kind of every id field of every route', () => {
    expect(plans.length).toBeGreaterThan(100);
    expect(unknownKinds, 'add these id fields to ID_KIND_BY_URL / FIELD_KIND of this file').toEqual([]);
    const undocumented = plans.filter((p) => !p.documented && !p.route.access.public).map((p) => p.route.url);
    expect(undocumented, 'protected routes missing from the OpenAPI document').toEqual([]);
    const bodyless = plans
      .filter((p) => !p.route.access.public && p.route.method !== 'GET' && !p.hasJsonBody && !p.extra)
      .filter((p) => !p.fields.some((f) => f.location !== 'body'))
      .map((p) => `${p.route.method} ${p.route.url}`)
      .filter((r) => !BODYLESS_WRITES.has(r));
    expect(bodyless, 'writes with no documented body: add them to UNDOCUMENTED_BODIES or BODYLESS_WRITES').toEqual([]);
    // A company's data open to its every user is not thereby open to platform staff acting on it.
    const openToStaff = plans
      .map((p) => p.route)
      .filter((r) => {
        const a = r.access;
        if (a.public || a.permission || a.staffPermission) return false;
        return a.roles.includes('company') && a.roles.includes('superuser');
      })
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !OPEN_TO_STAFF.has(r));
    expect(openToStaff, 'declare the codename staff need (access.companyUsersAndStaffWith)').toEqual([]);
  });

  it('answers every call as the declared access and the tenancy rules say', { timeout: 240_000 }, async () => {
    const started = performance.now();
    const calls = buildCalls();
    calls.sort((x, y) => x.phase - y.phase);
    const results = new Map<string, Result>();
    const failures: string[] = [];
    const key = (c: Call, variant = c.variant) => `${c.method} ${c.plan.route.url}|${c.actor.key}|${variant}`;
    // The callers whose codenames follow the route: all but the route's, or only the route's.
    const perRoute = [w.actors.supervisorWithout, w.actors.generalWith];
    const permsFor = new Map<string, string>();

    for (const call of calls) {
      const route = call.plan.route;
      const routeKey = `${route.method} ${route.url}`;
      if (perRoute.includes(call.actor) && permsFor.get(call.actor.key) !== routeKey) {
        await setPermissions(t, call.actor.userId as number, [...actorPermissions(call.actor.key, route)]);
        permsFor.set(call.actor.key, routeKey);
      }
      const res = await t.app.inject({
        method: call.method as 'GET',
        url: call.url,
        headers: call.actor.token ? auth(call.actor.token) : {},
        ...(call.payload !== undefined ? { payload: call.payload as object } : {}),
      });
      results.set(key(call), { call, res });
      // The superuser's selection is part of its session: a matrix call may change it, put it back.
      if (/^\/api\/generals\/(company|country)$/.test(route.url) && call.actor.userId) {
        await t.database.raw.query('UPDATE users SET select_company = $2, select_country_code = NULL WHERE id = $1', [
          call.actor.userId,
          w.a.refCode,
        ]);
      }
    }

    const weak: string[] = [];
    const notReached = new Set<string>();
    const ownNotFound: string[] = [];
    for (const { call, res } of results.values()) {
      const route = call.plan.route;
      const where = `${call.method} ${call.url} as ${call.actor.key} (${call.variant}) -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      const s = res.statusCode;
      if (s >= 500) failures.push(`5xx: ${where}`);
      const body = res.body.toLowerCase();
      // Leaks: B's marker in what A's callers read (superuser: on company data routes only), A's in B's admin's.
      const aSide =
        ['admin', 'supervisorWith', 'supervisorWithout', 'agent', 'generalWithout'].includes(call.actor.key) ||
        // Platform staff list every company on the platform's routes; on company data, only A (selected).
        (['superuser', 'generalWith'].includes(call.actor.key) && isCompanyRoute(route));
      if (aSide && body.includes(FOREIGN_MARKER.toLowerCase())) failures.push(`LEAK of company B: ${where}`);
      if (call.actor.key === 'foreignAdmin' && body.includes(HOME_MARKER.toLowerCase())) {
        failures.push(`LEAK of company A to B's admin: ${where}`);
      }
      if (call.actor.role === 'supervisor' && body.includes(UNSUPERVISED_MARKER.toLowerCase())) {
        failures.push(`LEAK of a non-supervised agent to a supervisor: ${where}`);
      }
      if (route.access.public) continue;
      if (!call.actor.token) {
        if (s !== 401) failures.push(`anonymous must get 401: ${where}`);
        continue;
      }
      if (!allowed(call.actor, route)) {
        // An account route compares the caller's holdings with its target's: another company's is not found first.
        const targetUnknown = s === 404 && call.variant !== 'own' && ACCOUNT_ROUTES[`${route.method} ${route.url}`];
        if (s !== 403 && !targetUnknown) failures.push(`must be refused (403) to ${call.actor.key}: ${where}`);
        continue;
      }
      if (call.variant.startsWith('ghost:')) continue;
      if (call.variant === 'bare') {
        if (s === 401 || s === 403) failures.push(`allowed caller refused: ${where}`);
        continue;
      }
      if (call.variant === 'own') {
        if (call.actor.key === 'foreignAdmin' && call.tenant) {
          // B's admin naming A's records: the "own" ids are foreign to it.
          checkForeign(call, res);
          continue;
        }
        if (s === 401 || s === 403) failures.push(`allowed caller refused: ${where}`);
        // (A deletion is done by the first allowed caller: the next ones find nothing, as they should.)
        if (s === 404 && call.actor.key === 'admin' && call.method !== 'DELETE') {
          ownNotFound.push(`${call.method} ${call.url}`);
          // A read of A's own record that A's admin cannot find: the id table names the wrong kind,
          // and the foreign checks of this route would prove nothing.
          if (call.method === 'GET') failures.push(`own record not found (wrong kind in the id tables?): ${where}`);
        }
        if (s === 400 && codeOf(res) === 'VALIDATION_ERROR') {
          notReached.add(`${call.method} ${route.url} (${Object.keys(res.json().fields ?? {}).join(', ')})`);
        }
        continue;
      }
      checkForeign(call, res);
    }

    function checkForeign(call: Call, res: LightMyRequestResponse) {
      const where = `${call.method} ${call.url} as ${call.actor.key} (${call.variant}) -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      const ghostResult = results.get(key(call, ghostOf(call.variant)));
      const ghost = ghostResult?.res;
      const s = res.statusCode;
      const isRead = call.method === 'GET';
      if (s >= 200 && s < 300) {
        if (!isRead) {
          failures.push(`a write naming another tenant's / a non-supervised record succeeded: ${where}`);
          return;
        }
        if (!ghost || ghost.statusCode !== s || normalise(ghost.body) !== normalise(res.body)) {
          failures.push(
            `read naming another tenant's / a non-supervised record answers differently from a non-existent id: ${where} | ghost -> ${ghost?.statusCode} ${ghost?.body.slice(0, 200)}`,
          );
        }
        return;
      }
      if (s === 401) failures.push(`unexpected 401: ${where}`);
      else if (s !== 403 && s !== 404) {
        if (!ghost || ghost.statusCode !== s) {
          failures.push(
            `foreign id must give 403/404 (or what a non-existent id gives): ${where} | ghost -> ${ghost?.statusCode}`,
          );
        } else if (codeOf(res) === 'VALIDATION_ERROR') {
          weak.push(`${call.method} ${call.plan.route.url} as ${call.actor.key} (${call.variant}) -> ${s}`);
        }
      }
    }

    const routes = plans.length;
    const actors = ACTOR_ORDER.length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `access matrix (${ENGINE}): ${routes} routes × ${actors} callers × own/foreign/non-supervised/non-existent ids = ${results.size} requests checked in ${seconds} s`,
    );
    if (notReached.size) {
      console.info(
        `access matrix: ${notReached.size} routes where the generated input stops at validation for an allowed caller (status class only):\n  ${[...notReached].sort().join('\n  ')}`,
      );
    }
    if (ownNotFound.length) {
      console.info(`access matrix: own records not found by A's admin:\n  ${ownNotFound.join('\n  ')}`);
    }
    if (weak.length) {
      console.info(
        `access matrix: ${weak.length} foreign-id calls stopped by validation before the id is looked at (as a non-existent id):\n  ${weak.join('\n  ')}`,
      );
    }
    expect(failures).toEqual([]);
    expect(results.size).toBeGreaterThan(routes * actors);
  });

  /** Every call of the matrix, from the route table. */
  function buildCalls(): Call[] {
    const calls: Call[] = [];
    for (const plan of plans) {
      const route = plan.route;
      const kinds = plan.fields.filter((f) => f.kind).map((f) => f.kind as Kind);
      const tenant = kinds.some((k) => isTenantKind(k, ids));
      const scoped = kinds.some((k) => ids[k].unsupervised !== undefined);
      const isWrite = route.method !== 'GET';
      const phaseOf = (variant: Variant, ok: boolean) =>
        !isWrite ? 0 : variant !== 'own' || !ok ? 1 : route.method === 'DELETE' ? 3 : 2;
      const add = (actor: Actor, variant: Variant) => {
        const ok = allowed(actor, route);
        calls.push({
          plan,
          actor,
          variant,
          ...request(plan, actor, variant, isWrite && ok && variant === 'own'),
          phase: phaseOf(variant, ok),
          tenant: companyData,
        });
      };
      const companyData = tenant && (isCompanyRoute(route) || route.url.startsWith('/api/agents/'));
      if (route.access.public) {
        // Public routes: anyone; called once, anonymously (never with a caller's token: logout would end it).
        if (route.url !== '/api/user/auth/logout') add(w.actors.anonymous, 'own');
        continue;
      }
      for (const key of ACTOR_ORDER) {
        const actor = w.actors[key];
        add(actor, 'own');
        if (!isWrite && plan.fields.some((f) => f.kind && !f.required)) add(actor, 'bare');
        if (!companyData) continue;
        const platform = actor.role === 'superuser';
        // Kinds this caller may not reach in another company (the superuser may name any company).
        const foreignKinds = kinds.filter((k) => ids[k].foreign !== undefined && !(platform && ids[k].anyForSuperuser));
        if (!foreignKinds.length) continue;
        const ok = allowed(actor, route);
        if (!ok || key === 'anonymous') {
          add(actor, 'foreign');
          continue;
        }
        if (key === 'foreignAdmin') {
          add(actor, 'ghost:own');
          continue;
        }
        add(actor, 'foreign');
        add(actor, 'ghost:foreign');
        if (scoped && key === 'supervisorWith') {
          add(actor, 'unsupervised');
          add(actor, 'ghost:unsupervised');
        }
      }
    }
    return calls;
  }

  /** Method, URL and body of one call: ids of the variant, generated values for the rest. */
  function request(plan: RoutePlan, actor: Actor, variant: Variant, ownWrite: boolean) {
    const route = plan.route;
    let url = route.url;
    const query = new URLSearchParams();
    const body: Record<string, unknown> = plan.extra ? plan.extra(w.a.today) : {};
    for (const f of plan.fields) {
      let value: unknown;
      if (f.kind && variant === 'bare' && !f.required) continue;
      if (f.kind) {
        const k = ids[f.kind];
        const ghost = typeof k.own === 'number' ? GHOST_ID : 'zzghostzzghostzzghost';
        const platform = actor.role === 'superuser' && k.anyForSuperuser;
        const reach = platform ? undefined : k.foreign;
        let id: number | string;
        switch (variant) {
          case 'foreign':
            id = reach ?? k.own;
            break;
          case 'ghost:foreign':
          case 'ghost:own':
            id = reach !== undefined ? ghost : k.own;
            break;
          case 'unsupervised':
            id = k.unsupervised ?? k.own;
            break;
          case 'ghost:unsupervised':
            id = k.unsupervised !== undefined ? ghost : k.own;
            break;
          default:
            // The victim stands in for the own record on the platform's writes (a company of nobody).
            id = ownWrite && k.victim !== undefined && !isCompanyRoute(route) ? k.victim : k.own;
        }
        value = f.schema.type === 'array' ? [id] : id;
      } else if (f.required || OPTIONAL_FILLED.has(f.name)) {
        value = sample(f.schema, resolve, w.a.today, 0, f.name);
      } else continue;
      if (f.location === 'path') url = url.replace(`:${f.name}`, encodeURIComponent(String(value)));
      else if (f.location === 'query') {
        if (Array.isArray(value)) for (const v of value) query.append(f.name, String(v));
        else if (value !== null && typeof value !== 'object') query.set(f.name, String(value));
      } else body[f.name] = value;
    }
    const qs = query.toString();
    const withBody = route.method !== 'GET' && route.method !== 'HEAD';
    return { method: route.method, url: qs ? `${url}?${qs}` : url, payload: withBody ? body : undefined };
  }
});
