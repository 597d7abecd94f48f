import { randomUUID } from 'node:crypto';
import type { MatrixWorld } from './access-matrix.fixtures';
import type { ApiRoute } from './auth';

/**
 * The access matrix's plan: which kind of record each id field names, the ids of each kind in the
 * world (own, foreign, non-supervised, non-existent), and each route's fields and sample input read
 * from the OpenAPI document.
 */

export type Kind =
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
export const ID_KIND_BY_URL: [RegExp, Kind][] = [
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
export const FIELD_KIND: Record<string, Kind | ((url: string) => Kind | undefined)> = {
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
export const NOT_IDS: Record<string, string> = {
  lotto_id: 'a game code (20, 30, 40…) of the statistics, not a record',
};

export const looksLikeId = (name: string) =>
  /^(id|ids)$|_ids?$|Id$/.test(name) || ['agents', 'tirages', 'surcussales'].includes(name);

/**
 * Writes whose body the handler reads itself (multipart or JSON), so the OpenAPI document shows none:
 * their id fields (with kinds) and a plausible rest. A protected write route with no documented body
 * must be listed here (or in BODYLESS_WRITES), so that its ids are substituted too.
 */
export const UNDOCUMENTED_BODIES: Record<
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
export const OPTIONAL_FILLED = new Set(['reason']);

/** Protected writes that take no body at all. */
export const BODYLESS_WRITES = new Set<string>([]);

/** Tenant kinds whose records belong to one agent: a supervisor not watching it gets nothing. */
/**
 * bare: a read with only its required fields (a list unfiltered: what a leak would show first);
 * own: the caller's company's records (B's admin: A's records, so foreign to it); foreign: company
 * B's records; unsupervised: A's records of an agent (or sub-branch) the supervisor does not watch.
 * Each non-own variant has its ghost: the same call with the substituted ids replaced by an id that
 * exists nowhere, the baseline a foreign id must not answer differently from.
 */
export type Variant =
  | 'own'
  | 'bare'
  | 'foreign'
  | 'unsupervised'
  | 'ghost:own'
  | 'ghost:foreign'
  | 'ghost:unsupervised';
export const ghostOf = (v: Variant): Variant => `ghost:${v}` as Variant;

export interface KindIds {
  own: number | string;
  /** The superuser may name any record of this kind explicitly (a company: `company_id` of primes). */
  anyForSuperuser?: boolean;
  /** For writes by an allowed caller, when writing the own record would break the world. */
  victim?: number | string;
  foreign?: number | string;
  unsupervised?: number | string;
}

export const GHOST_ID = 2_000_000_000;

export function kindTable(w: MatrixWorld): Record<Kind, KindIds> {
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

export type JsonSchema = Record<string, unknown>;
export interface Field {
  location: 'path' | 'query' | 'body';
  name: string;
  required: boolean;
  schema: JsonSchema;
  kind?: Kind;
}
export interface RoutePlan {
  route: ApiRoute;
  fields: Field[];
  documented: boolean;
  hasJsonBody: boolean;
  extra?: (today: string) => Record<string, unknown>;
}

export function resolver(doc: { components?: { schemas?: Record<string, JsonSchema> } }) {
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
export function objectOf(schema: JsonSchema, resolve: (s: unknown) => JsonSchema): JsonSchema | null {
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

export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

export function planRoutes(
  routes: ApiRoute[],
  doc: Record<string, unknown>,
): { plans: RoutePlan[]; unknown: string[] } {
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
export function byName(name: string, today: string): unknown {
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

export function sample(
  schema: JsonSchema,
  resolve: (s: unknown) => JsonSchema,
  today: string,
  depth = 0,
  name = '',
): unknown {
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
