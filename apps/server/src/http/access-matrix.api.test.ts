import { randomUUID } from 'node:crypto';
import { COMPANY_CODENAMES, type Codename, POS_CODENAMES, ROLE_DEFAULT_PERMISSIONS, type Role } from '@borlette/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createTestApp, describeApi, ENGINE, type TestContext } from '../../test/helpers';
import type { Access } from './access';
import {
  type Actor,
  type ActorKey,
  buildMatrixWorld,
  FOREIGN_MARKER,
  HOME_MARKER,
  type MatrixWorld,
  setPermissions,
  UNSUPERVISED_MARKER,
} from './access-matrix.fixtures';
import type { ApiRoute } from './auth';

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
 * holding all but the route's, platform staff holding nothing, B's company admin, A's company admin,
 * the full superuser (A selected). Writes change the world, so the calls run in phases: every read,
 * then the writes that must be refused, then the allowed writes on own records, deletions last; the
 * callers are never the target of a write (a blocked agent, a changed password would end their
 * session), and the superuser's company writes go to a company of nobody (access-matrix.fixtures.ts).
 */

type Kind =
  | 'agent'
  | 'supervisor'
  | 'surcussale'
  | 'tirage'
  | 'lotto'
  | 'infoTirage'
  | 'fiche'
  | 'posFiche'
  | 'posFicheNumber'
  | 'primeTirage'
  | 'primeSurcussale'
  | 'primeAgent'
  | 'limitGame'
  | 'limitGameAgent'
  | 'limitBoule'
  | 'limitBouleAgent'
  | 'bouleBlock'
  | 'intervalMa'
  | 'limiteFiche'
  | 'message'
  | 'walletEntry'
  | 'walletZero'
  | 'invoice'
  | 'companyPayment'
  | 'company'
  | 'companyUser'
  | 'generale'
  | 'country'
  | 'city'
  | 'homeCity'
  | 'drawSource'
  | 'ficheRef'
  | 'checkout';

/** The record kind of the `id` field (or `:id` path parameter) of a route, by its URL. Order matters. */
const ID_KIND_BY_URL: [RegExp, Kind][] = [
  [/^\/api\/companies\/agent(\/|$)/, 'agent'],
  [/^\/api\/companies\/supervisor(\/|$)/, 'supervisor'],
  [/^\/api\/companies\/surcussale(\/|$)/, 'surcussale'],
  [/^\/api\/companies\/tirage(\/|$)/, 'tirage'],
  [/^\/api\/companies\/lotto(\/|$)/, 'lotto'],
  [/^\/api\/companies\/info-tirage(\/|$)/, 'infoTirage'],
  [/^\/api\/companies\/fiche(-[a-z]+)?$/, 'fiche'],
  [/^\/api\/agents\/fiches?(\/|$)/, 'posFiche'],
  [/^\/api\/companies\/prime-tirage(\/|$)/, 'primeTirage'],
  [/^\/api\/companies\/prime-surcussale(\/|$)/, 'primeSurcussale'],
  [/^\/api\/companies\/prime-agent(\/|$)/, 'primeAgent'],
  [/^\/api\/companies\/type-games-agent(\/|$)/, 'limitGameAgent'],
  [/^\/api\/companies\/type-games(\/|$)/, 'limitGame'],
  [/^\/api\/companies\/type-boules-agent(\/|$)/, 'limitBouleAgent'],
  [/^\/api\/companies\/type-boules(\/|$)/, 'limitBoule'],
  [/^\/api\/companies\/boules-block(\/|$)/, 'bouleBlock'],
  [/^\/api\/companies\/(list-|add-|edit-)?interval-ma(\/|$)/, 'intervalMa'],
  [/^\/api\/games\/(add-|update-)?limite-fiche(\/|$)/, 'limiteFiche'],
  [/^\/api\/companies\/messages(\/|$)/, 'message'],
  [/^\/api\/companies\/transaction-zero(\/|$)/, 'walletZero'],
  [/^\/api\/companies\/transactions(\/|$)/, 'walletEntry'],
  [/^\/api\/companies\/historics-payment(\/|$)/, 'companyPayment'],
  [/^\/api\/generals\/facturations(\/|$)/, 'invoice'],
  [/^\/api\/generals\/pay-facturations(\/|$)/, 'invoice'],
  [/^\/api\/generals\/(compagnies|delete-company)(\/|$)/, 'company'],
  [/^\/api\/generals\/generales(\/|$)/, 'generale'],
  [/^\/api\/generals\/(countries|delete-country)(\/|$)/, 'country'],
  [/^\/api\/generals\/cities(\/|$)/, 'city'],
];

/** The record kind of a named id field, whatever the route (a function when it depends on the URL). */
const FIELD_KIND: Record<string, Kind | ((url: string) => Kind | undefined)> = {
  agent_id: 'agent',
  agents: 'agent',
  supervisor_id: 'supervisor',
  surcussale_id: 'surcussale',
  tirage_id: 'tirage',
  tirages: 'tirage',
  surcussales: 'surcussale',
  fiche_id: 'fiche',
  invoice_id: 'invoice',
  reverses_id: 'walletZero',
  transaction_id: 'walletZero',
  user_id: (url) =>
    url.endsWith('tracabilites-agents')
      ? 'agent'
      : url.endsWith('tracabilites-supervisors')
        ? 'supervisor'
        : url.endsWith('tracabilites-companies')
          ? 'companyUser'
          : undefined,
  company_id: 'company',
  country_id: 'country',
  city_id: (url) => (url.startsWith('/api/generals/') ? 'city' : 'homeCity'),
  source_id: 'drawSource',
  refCode: 'ficheRef',
  checkoutId: 'checkout',
  transactionId: 'checkout',
  tirageId: 'tirage',
  target_id: (url) =>
    url.includes('prime-tirage')
      ? 'tirage'
      : url.includes('prime-surcussale')
        ? 'surcussale'
        : url.includes('prime-agent')
          ? 'agent'
          : undefined,
  number: (url) => (url.startsWith('/api/agents/fiche') ? 'posFicheNumber' : undefined),
};

/** A field is an id when its name says so (or it is one of the id arrays / ticket numbers above). */
/** Fields named like ids that name no record. */
const NOT_IDS: Record<string, string> = {
  lotto_id: 'a game code (20, 30, 40…) of the statistics, not a record',
};

const looksLikeId = (name: string) =>
  /^(id|ids)$|_ids?$|Id$/.test(name) || ['agents', 'tirages', 'surcussales'].includes(name);

/**
 * Writes whose body the handler reads itself (multipart or JSON), so the OpenAPI document shows none:
 * their id fields (with kinds) and a plausible rest. A protected write route with no documented body
 * must be listed here (or in BODYLESS_WRITES), so that its ids are substituted too.
 */
const UNDOCUMENTED_BODIES: Record<
  string,
  { ids: Record<string, Kind>; rest: (today: string) => Record<string, unknown> }
> = {
  'POST /api/companies/messages': {
    ids: { surcussale_id: 'surcussale' },
    rest: (today) => ({ title: 'Annonce matrice', text: 'Texte', audience: 'surcussale', starts_at: `${today}T08:00` }),
  },
  'PUT /api/companies/messages': {
    ids: { id: 'message', surcussale_id: 'surcussale' },
    rest: (today) => ({ title: 'Annonce matrice', text: 'Texte', audience: 'surcussale', starts_at: `${today}T08:00` }),
  },
  'POST /api/companies/supervisor': {
    ids: { surcussales: 'surcussale' },
    rest: () => ({
      first_name: 'Sup',
      last_name: 'Matrice',
      username: `supmatrice${Math.floor(Math.random() * 1e9)}`,
      password: 'secret-pass-123',
      permissions: ['view_agent'],
    }),
  },
  'PUT /api/companies/supervisor': {
    ids: { id: 'supervisor', surcussales: 'surcussale' },
    rest: () => ({
      first_name: 'Sup',
      last_name: 'Cible',
      username: `supcible${Math.floor(Math.random() * 1e9)}`,
      permissions: ['view_agent'],
    }),
  },
  'POST /api/generals/compagnies': { ids: {}, rest: () => ({}) },
  'PUT /api/generals/compagnies': { ids: { id: 'company' }, rest: () => ({}) },
  'POST /api/generals/countries': { ids: {}, rest: () => ({}) },
  'PUT /api/generals/countries': { ids: { id: 'country' }, rest: () => ({}) },
  'PUT /api/companies/user': { ids: {}, rest: () => ({}) },
  'PUT /api/supervisors/user': { ids: {}, rest: () => ({}) },
};

/** Optional fields sent anyway (a business rule makes them required in some cases: the reason of a deletion). */
const OPTIONAL_FILLED = new Set(['reason']);

/** Protected writes that take no body at all. */
const BODYLESS_WRITES = new Set<string>([]);

/** Tenant kinds whose records belong to one agent: a supervisor not watching it gets nothing. */
/**
 * bare: a read with only its required fields (a list unfiltered: what a leak would show first);
 * own: the caller's company's records (B's admin: A's records, so foreign to it); foreign: company
 * B's records; unsupervised: A's records of an agent (or sub-branch) the supervisor does not watch.
 * Each non-own variant has its ghost: the same call with the substituted ids replaced by an id that
 * exists nowhere, the baseline a foreign id must not answer differently from.
 */
type Variant = 'own' | 'bare' | 'foreign' | 'unsupervised' | 'ghost:own' | 'ghost:foreign' | 'ghost:unsupervised';
const ghostOf = (v: Variant): Variant => `ghost:${v}` as Variant;

interface KindIds {
  own: number | string;
  /** The superuser may name any record of this kind explicitly (a company: `company_id` of primes). */
  anyForSuperuser?: boolean;
  /** For writes by an allowed caller, when writing the own record would break the world. */
  victim?: number | string;
  foreign?: number | string;
  unsupervised?: number | string;
}

const GHOST_ID = 2_000_000_000;

function kindTable(w: MatrixWorld): Record<Kind, KindIds> {
  const { a, b } = w;
  return {
    agent: { own: a.agent.id, foreign: b.agent.id, unsupervised: a.unsupervisedAgent.id },
    supervisor: { own: a.supervisor, foreign: b.supervisor },
    surcussale: { own: a.surcussale, foreign: b.surcussale, unsupervised: a.otherSurcussale },
    tirage: { own: a.tirage, foreign: b.tirage },
    lotto: { own: a.lotto, foreign: b.lotto },
    infoTirage: { own: a.infoTirage, foreign: b.infoTirage },
    fiche: { own: a.fiche.id, foreign: b.fiche.id, unsupervised: a.unsupervisedFiche.id },
    posFiche: { own: w.posFiche.id, foreign: b.fiche.id },
    posFicheNumber: { own: w.posFiche.number, foreign: b.fiche.number },
    primeTirage: { own: a.primeTirage, foreign: b.primeTirage },
    primeSurcussale: { own: a.primeSurcussale, foreign: b.primeSurcussale },
    primeAgent: { own: a.primeAgent, foreign: b.primeAgent, unsupervised: a.unsupervisedPrimeAgent },
    limitGame: { own: a.limitGame, foreign: b.limitGame },
    limitGameAgent: { own: a.limitGameAgent, foreign: b.limitGameAgent, unsupervised: a.unsupervisedLimitGameAgent },
    limitBoule: { own: a.limitBoule, foreign: b.limitBoule },
    limitBouleAgent: {
      own: a.limitBouleAgent,
      foreign: b.limitBouleAgent,
      unsupervised: a.unsupervisedLimitBouleAgent,
    },
    bouleBlock: { own: a.bouleBlock, foreign: b.bouleBlock },
    intervalMa: { own: a.intervalMa, foreign: b.intervalMa },
    limiteFiche: { own: a.limiteFiche, foreign: b.limiteFiche, unsupervised: a.unsupervisedLimiteFiche },
    message: { own: a.message, foreign: b.message },
    walletEntry: { own: a.walletEntry, foreign: b.walletEntry, unsupervised: a.unsupervisedWalletEntry },
    walletZero: { own: a.walletZero, foreign: b.walletZero, unsupervised: a.unsupervisedWalletZero },
    // Platform records (superuser's routes): no "foreign" for the platform itself.
    invoice: { own: a.invoice },
    companyPayment: { own: a.companyPayment },
    company: { own: a.id, foreign: b.id, victim: w.victimCompany, anyForSuperuser: true },
    companyUser: { own: w.actors.admin.userId as number, foreign: w.actors.foreignAdmin.userId as number },
    generale: { own: w.general },
    country: { own: w.country },
    city: { own: w.city },
    homeCity: { own: w.homeCity },
    drawSource: { own: w.drawSource },
    ficheRef: { own: a.fiche.refCode },
    checkout: { own: randomUUID() },
  };
}

// ---------------------------------------------------------------------------------------------------
// The OpenAPI document: fields of each route.

type JsonSchema = Record<string, unknown>;
interface Field {
  location: 'path' | 'query' | 'body';
  name: string;
  required: boolean;
  schema: JsonSchema;
  kind?: Kind;
}
interface RoutePlan {
  route: ApiRoute;
  fields: Field[];
  documented: boolean;
  hasJsonBody: boolean;
  extra?: (today: string) => Record<string, unknown>;
}

function resolver(doc: { components?: { schemas?: Record<string, JsonSchema> } }) {
  const resolve = (s: unknown): JsonSchema => {
    let cur = (s ?? {}) as JsonSchema;
    for (let i = 0; i < 20 && typeof cur.$ref === 'string'; i++) {
      const name = String(cur.$ref).split('/').pop() as string;
      cur = doc.components?.schemas?.[name] ?? {};
    }
    return cur;
  };
  return resolve;
}

/** The object variant of a schema (an `anyOf` of object | null, for example), or null. */
function objectOf(schema: JsonSchema, resolve: (s: unknown) => JsonSchema): JsonSchema | null {
  const s = resolve(schema);
  if (s.type === 'object' || s.properties) return s;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = s[key] as unknown[] | undefined;
    if (!list) continue;
    if (key === 'allOf') {
      const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
      for (const part of list) {
        const o = objectOf(part as JsonSchema, resolve);
        if (!o) continue;
        Object.assign(merged.properties as object, o.properties ?? {});
        (merged.required as string[]).push(...((o.required as string[]) ?? []));
      }
      return merged;
    }
    for (const part of list) {
      const o = objectOf(part as JsonSchema, resolve);
      if (o) return o;
    }
  }
  return null;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function planRoutes(routes: ApiRoute[], doc: Record<string, unknown>): { plans: RoutePlan[]; unknown: string[] } {
  const resolve = resolver(doc as never);
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  const unknown: string[] = [];
  const plans = routes.map((route): RoutePlan => {
    const op = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const fields: Field[] = [];
    for (const m of route.url.matchAll(/:([A-Za-z_]\w*)/g)) {
      fields.push({ location: 'path', name: m[1], required: true, schema: { type: 'string' } });
    }
    for (const p of (op?.parameters ?? []) as Record<string, unknown>[]) {
      if (p.in !== 'query') continue;
      fields.push({
        location: 'query',
        name: String(p.name),
        required: Boolean(p.required),
        schema: resolve(p.schema),
      });
    }
    const content = (op?.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
    const jsonSchema = content?.['application/json']?.schema;
    const body = jsonSchema ? objectOf(jsonSchema as JsonSchema, resolve) : null;
    if (body) {
      const required = new Set((body.required as string[]) ?? []);
      for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, unknown>)) {
        fields.push({ location: 'body', name, required: required.has(name), schema: resolve(schema) });
      }
    }
    const extra = UNDOCUMENTED_BODIES[`${route.method} ${route.url}`];
    if (extra && !body) {
      for (const [name, kind] of Object.entries(extra.ids)) {
        const array = name === 'surcussales' || name === 'agents' || name === 'tirages';
        fields.push({ location: 'body', name, required: true, schema: array ? { type: 'array' } : {}, kind });
      }
    }
    for (const f of fields) {
      if (f.kind) continue;
      const byField = FIELD_KIND[f.name];
      let kind: Kind | undefined = typeof byField === 'function' ? byField(route.url) : byField;
      if (!kind && (f.name === 'id' || f.location === 'path')) {
        kind = ID_KIND_BY_URL.find(([re]) => re.test(route.url))?.[1];
      }
      if (kind) f.kind = kind;
      else if ((looksLikeId(f.name) && !(f.name in NOT_IDS)) || f.location === 'path') {
        unknown.push(`${route.method} ${route.url}: id field « ${f.name} » (${f.location}) of unknown record kind`);
      }
    }
    return {
      route,
      fields,
      documented: Boolean(op),
      hasJsonBody: Boolean(body),
      extra: body ? undefined : extra?.rest,
    };
  });
  return { plans, unknown };
}

// ---------------------------------------------------------------------------------------------------
// Minimal values for the fields that are not ids, generated from their JSON schema.

/** Values a field's name calls for (its schema alone often says "a string" where a date is meant). */
function byName(name: string, today: string): unknown {
  if (/(^|_)date$/.test(name)) return today;
  if (/^(starts|ends)_at$/.test(name)) return `${today}T${name === 'ends_at' ? '20' : '08'}:00`;
  if (name === 'month') return today.slice(0, 7);
  if (name === 'code' || name === 'lotto_id') return 20;
  if (name === 'reason' || name === 'note') return 'Motif matrice';
  if (name === 'stake' || name === 'max_amount' || name === 'amount') return 1000;
  if (name === 'pick3') return '123';
  if (name === 'pick4') return '1234';
  if (name === 'open_time') return '08:00';
  if (name === 'close_time') return '20:00';
  if (/password$/.test(name)) return 'secret-pass-123';
  if (name === 'username') return `matrice${Math.floor(Math.random() * 1e9)}`;
  if (name === 'email') return 'matrice@example.com';
  return undefined;
}

function sample(schema: JsonSchema, resolve: (s: unknown) => JsonSchema, today: string, depth = 0, name = ''): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  const named = byName(name, today);
  if (named !== undefined) return named;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ('default' in s && s.default !== undefined) return s.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key] as JsonSchema[] | undefined;
    if (list?.length) {
      const pick = list.map((x) => resolve(x)).find((x) => x.type !== 'null') ?? list[0];
      return sample(pick, resolve, today, depth + 1, name);
    }
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((x) => x !== 'null') : (s.type as string);
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[]) ?? []);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
      if (required.has(k)) out[k] = sample(v, resolve, today, depth + 1, k);
    }
    return out;
  }
  if (type === 'array') {
    const n = Number(s.minItems ?? 0);
    return Array.from({ length: n }, () => sample((s.items ?? {}) as JsonSchema, resolve, today, depth + 1));
  }
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') {
    let v = 1;
    if (typeof s.minimum === 'number') v = Math.max(v, s.minimum);
    if (typeof s.exclusiveMinimum === 'number') v = Math.max(v, s.exclusiveMinimum + 1);
    if (typeof s.maximum === 'number') v = Math.min(v, s.maximum);
    return v;
  }
  if (type === 'string') {
    if (name === 'number') return '12';
    if (s.format === 'date') return today;
    if (s.format === 'date-time') return new Date().toISOString();
    if (s.format === 'email') return 'matrice@example.com';
    if (s.format === 'uuid') return randomUUID();
    const min = Number(s.minLength ?? 1);
    const max = Number(s.maxLength ?? 64);
    if (typeof s.pattern === 'string') {
      const re = new RegExp(s.pattern);
      const candidates = ['12', '1234', '123', '00', '12345', '10:00', '10:00:00', 'HT', 'ZX', today, 'matrice', 'A1'];
      const hit = candidates.find((c) => re.test(c) && c.length >= min && c.length <= max);
      if (hit) return hit;
    }
    let v = 'matrice';
    while (v.length < min) v += 'x';
    return v.slice(0, Math.max(max, 1));
  }
  return 'matrice';
}

// ---------------------------------------------------------------------------------------------------

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

const ACTOR_ORDER: ActorKey[] = [
  'anonymous',
  'agent',
  'supervisorWithout',
  'generalWithout',
  'foreignAdmin',
  'supervisorWith',
  'admin',
  'superuser',
];

function actorPermissions(key: ActorKey, route: ApiRoute): Set<string> {
  switch (key) {
    case 'admin':
    case 'foreignAdmin':
    case 'supervisorWith':
      return new Set(COMPANY_CODENAMES);
    case 'supervisorWithout': {
      const needed = new Set(requiredCodenames(route.access));
      return new Set(COMPANY_CODENAMES.filter((c) => !needed.has(c)));
    }
    case 'superuser':
      return new Set(ROLE_DEFAULT_PERMISSIONS.superuser);
    case 'agent':
      return new Set(POS_CODENAMES);
    default:
      return new Set();
  }
}

function requiredCodenames(access: Access): Codename[] {
  if (access.public || !access.permission) return [];
  return typeof access.permission === 'string' ? [access.permission] : [...access.permission];
}

function allowed(actor: Actor, route: ApiRoute): boolean {
  const a = route.access;
  if (a.public) return true;
  if (!actor.role || !a.roles.includes(actor.role as Role)) return false;
  const needed = requiredCodenames(a);
  if (!needed.length) return true;
  const held = actorPermissions(actor.key, route);
  return needed.some((c) => held.has(c));
}

/** Company data routes: the ones a company admin may call (tenancy applies to the superuser too). */
const isCompanyRoute = (route: ApiRoute) => !route.access.public && route.access.roles.includes('company');
const isTenantKind = (k: Kind, ids: Record<Kind, KindIds>) => ids[k].foreign !== undefined;

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
  });

  it('answers every call as the declared access and the tenancy rules say', { timeout: 240_000 }, async () => {
    const started = performance.now();
    const calls = buildCalls();
    calls.sort((x, y) => x.phase - y.phase);
    const results = new Map<string, Result>();
    const failures: string[] = [];
    const key = (c: Call, variant = c.variant) => `${c.method} ${c.plan.route.url}|${c.actor.key}|${variant}`;
    let permsFor: string | null = null;
    const supWithout = w.actors.supervisorWithout;

    for (const call of calls) {
      const route = call.plan.route;
      const routeKey = `${route.method} ${route.url}`;
      if (call.actor.key === 'supervisorWithout' && permsFor !== routeKey) {
        await setPermissions(t, supWithout.userId as number, [...actorPermissions('supervisorWithout', route)]);
        permsFor = routeKey;
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
        (call.actor.key === 'superuser' && isCompanyRoute(route));
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
        if (s !== 403) failures.push(`must be refused (403) to ${call.actor.key}: ${where}`);
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

function codeOf(res: LightMyRequestResponse): string | undefined {
  try {
    return res.json().code;
  } catch {
    return undefined;
  }
}

/**
 * A body without what differs between two equivalent answers: times, and the ids the request named
 * (an answer may echo its filters), as values of id-like keys.
 */
function normalise(body: string): string {
  const walk = (v: unknown, k = ''): unknown => {
    if (looksLikeId(k) && v !== null && typeof v !== 'object') return '#ID';
    if (/(_at|At|date|time|now|generated)$/i.test(k) && typeof v === 'string') return '#T';
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([kk, vv]) => [kk, walk(vv, kk)]));
    }
    return v;
  };
  try {
    return JSON.stringify(walk(JSON.parse(body)));
  } catch {
    return body.replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?/g, '#T');
  }
}
