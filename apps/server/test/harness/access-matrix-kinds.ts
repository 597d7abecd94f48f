import { randomUUID } from 'node:crypto';
import type { MatrixWorld } from '../fixtures/access-matrix.fixtures';

/**
 * The access matrix's kinds of record: which kind each id field names (by the field's name, or by
 * the route for a bare `id`), and the ids of each kind in the world (own, foreign, non-supervised,
 * non-existent).
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
  | 'terminal'
  | 'message'
  | 'walletEntry'
  | 'walletZero'
  | 'collection'
  | 'alert'
  | 'invoice'
  | 'companyPayment'
  | 'company'
  | 'companyUser'
  | 'generale'
  | 'contact'
  | 'country'
  | 'city'
  | 'homeCity'
  | 'drawSource'
  | 'resultProvider'
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
  [/^\/api\/companies\/terminals(\/|$)/, 'terminal'],
  [/^\/api\/companies\/messages(\/|$)/, 'message'],
  [/^\/api\/companies\/transaction-zero(\/|$)/, 'walletZero'],
  [/^\/api\/companies\/transactions(\/|$)/, 'walletEntry'],
  [/^\/api\/companies\/collections(\/|$)/, 'collection'],
  [/^\/api\/companies\/alerts(\/|$)/, 'alert'],
  [/^\/api\/companies\/historics-payment(\/|$)/, 'companyPayment'],
  [/^\/api\/generals\/facturations(\/|$)/, 'invoice'],
  [/^\/api\/generals\/pay-facturations(\/|$)/, 'invoice'],
  [/^\/api\/generals\/(compagnies|delete-company)(\/|$)/, 'company'],
  [/^\/api\/generals\/generales(\/|$)/, 'generale'],
  [/^\/api\/generals\/contacts(\/|$)/, 'contact'],
  [/^\/api\/generals\/(countries|delete-country)(\/|$)/, 'country'],
  [/^\/api\/generals\/cities(\/|$)/, 'city'],
  // The `:code` of a results source (its calendar's `:source_id` is a drawSource by its name).
  [/^\/api\/generals\/result-providers\//, 'resultProvider'],
];

/** The record kind of a named id field, whatever the route (a function when it depends on the URL). */
export const FIELD_KIND: Record<string, Kind | ((url: string) => Kind | undefined)> = {
  agent_id: 'agent',
  agents: 'agent',
  supervisor_id: 'supervisor',
  surcussale_id: 'surcussale',
  tirage_id: 'tirage',
  tirages: 'tirage',
  tirage_ids: 'tirage',
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
export const BODYLESS_WRITES = new Set<string>([
  // The demo's reset acts on the caller's company, which must be the demo (modules/demo): no body.
  'POST /api/companies/demo/reset',
]);

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
    terminal: { own: a.terminal, foreign: b.terminal, unsupervised: a.unsupervisedTerminal },
    message: { own: a.message, foreign: b.message, unsupervised: a.unsupervisedMessage },
    walletEntry: { own: a.walletEntry, foreign: b.walletEntry, unsupervised: a.unsupervisedWalletEntry },
    walletZero: { own: a.walletZero, foreign: b.walletZero, unsupervised: a.unsupervisedWalletZero },
    collection: { own: a.collection, foreign: b.collection, unsupervised: a.unsupervisedCollection },
    alert: { own: a.alert, foreign: b.alert, unsupervised: a.unsupervisedAlert },
    // Platform records (superuser's routes): no "foreign" for the platform itself.
    invoice: { own: a.invoice },
    companyPayment: { own: a.companyPayment },
    company: { own: a.id, foreign: b.id, victim: w.victimCompany, anyForSuperuser: true },
    companyUser: { own: w.actors.admin.userId as number, foreign: w.actors.foreignAdmin.userId as number },
    generale: { own: w.general },
    contact: { own: w.contact },
    country: { own: w.country },
    city: { own: w.city },
    homeCity: { own: w.homeCity },
    drawSource: { own: w.drawSource },
    // The manual source: a test of it fetches nothing (the matrix never reaches the internet).
    resultProvider: { own: 'tn-manual' },
    ficheRef: { own: a.fiche.refCode },
    checkout: { own: randomUUID() },
  };
}
