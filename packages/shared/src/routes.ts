import type { Codename, Role } from './permissions';

/**
 * The back-office screens of docs/spec.md §2: every path with the permission that gates it.
 * `null` = no permission needed. Paths use `:param` segments (react-router syntax).
 * Where the spec says "not spelled out", the choice is ours and is written beside it.
 */
export interface ScreenDef {
  path: string;
  permission: Codename | null;
  /** i18n key of the page title (namespace "nav"). */
  title: string;
  /** Only the superuser sees it (docs/spec.md §6: Compagnie group, traces of companies...). */
  superuserOnly?: boolean;
  /** Hidden for the superuser (docs/spec.md §6: 'mon compte'). */
  hideForSuperuser?: boolean;
  /** Only these roles see it (the company settings: never a supervisor, whatever it holds). */
  roles?: readonly Role[];
}

/** The list, new and edit screens of an entity (paths keep their literal types: `ScreenPath`). */
const crud = <const B extends string, const P extends string>(base: B, entity: string, title: string, param: P) =>
  [
    { path: base, permission: `view_${entity}` as Codename, title },
    { path: `${base}/new` as `${B}/new`, permission: `add_${entity}` as Codename, title: `${title}_new` },
    {
      path: `${base}/:${param}/edit` as `${B}/:${P}/edit`,
      permission: `change_${entity}` as Codename,
      title: `${title}_edit`,
    },
  ] as const;

const limit = <const S extends string, const P extends string>(slug: S, entity: string, title: string, param: P) =>
  crud(`/dashboard/borlette-configuration/${slug}` as `/dashboard/borlette-configuration/${S}`, entity, title, param);

export const DASHBOARD_SCREENS = [
  { path: '/dashboard/app', permission: null, title: 'app' },
  // Reports
  { path: '/dashboard/rapports', permission: 'view_report_vente', title: 'rapports' },
  { path: '/dashboard/rapports/journalier', permission: 'view_report_partiel', title: 'rapports_journalier' }, // ours
  { path: '/dashboard/rapports/agent', permission: 'view_report_agent', title: 'rapports_agent' }, // ours
  { path: '/dashboard/rapports/limiteFiche', permission: 'view_report_agent', title: 'rapports_limite_fiche' }, // ours
  // Wallet
  { path: '/dashboard/transactions', permission: 'view_wallettransaction', title: 'transactions' },
  { path: '/dashboard/transactions/new', permission: 'add_wallettransaction', title: 'transactions_new' },
  { path: '/dashboard/collections', permission: 'view_collection', title: 'collections' }, // ours (issue 20)
  { path: '/dashboard/alerts', permission: 'view_alert', title: 'alerts' }, // ours (issue 22)
  // Borlette
  { path: '/dashboard/borlette/blocage-boule', permission: 'view_bouleblock', title: 'blocage_boule' },
  { path: '/dashboard/borlette/blocage-boule/new', permission: 'add_bouleblock', title: 'blocage_boule_new' },
  { path: '/dashboard/borlette/statistiques', permission: 'view_statistique', title: 'statistiques' }, // ours
  ...crud('/dashboard/borlette/lotto', 'lotto', 'lotto', 'optionId'),
  { path: '/dashboard/borlette/list-fiches', permission: 'view_fichevente', title: 'fiches' },
  { path: '/dashboard/borlette/list-fiches-gagnants', permission: 'view_fiche_win', title: 'fiches_gagnants' }, // ours
  { path: '/dashboard/borlette/list-fiches-payant', permission: 'view_fiche_win', title: 'fiches_payant' },
  { path: '/dashboard/borlette/list-fiches-supprimer', permission: 'view_fiche_delete', title: 'fiches_supprimer' },
  // Limits
  ...limit('limite-game', 'typegame', 'limite_game', 'typeGameId'),
  ...limit('limite-game-per-agent', 'typegameagent', 'limite_game_agent', 'typeGameAgentId'),
  ...limit('limite-boule', 'typeboule', 'limite_boule', 'typeBouleId'),
  ...limit('limite-boule-per-agent', 'typebouleagent', 'limite_boule_agent', 'typeBouleAgentId'),
  { path: '/dashboard/borlette-configuration/interval-ma', permission: 'add_typegame', title: 'interval_ma' },
  { path: '/dashboard/borlette-configuration/interval-ma/new', permission: 'add_typegame', title: 'interval_ma_new' },
  // Draws
  { path: '/dashboard/tirage/list', permission: 'view_tirage', title: 'tirages' },
  { path: '/dashboard/tirage/new', permission: 'add_tirage', title: 'tirages_new' },
  { path: '/dashboard/tirage/automatique', permission: 'add_tirage_auto', title: 'tirage_auto', superuserOnly: true },
  // ours (issue 21): the official results board, beside « Tirage automatique »
  { path: '/dashboard/tirage/resultats', permission: 'view_result', title: 'results', superuserOnly: true },
  { path: '/dashboard/tirage/:tirageId/edit', permission: 'change_tirage', title: 'tirages_edit' },
  { path: '/dashboard/tirage/configuration/generale', permission: 'view_tauxtirage', title: 'prime_generale' },
  {
    path: '/dashboard/tirage/configuration/generale/list',
    permission: 'view_tauxtirage',
    title: 'prime_generale_list',
    superuserOnly: true, // every company's general primes (docs/spec.md §6: the superuser's Prime Generale)
  },
  { path: '/dashboard/tirage/configuration/:type', permission: 'view_agenttauxtirage', title: 'prime_type' },
  { path: '/dashboard/tirage/configuration/:type/new', permission: 'add_agenttauxtirage', title: 'prime_type_new' },
  {
    path: '/dashboard/tirage/configuration/:type/:configurationId/edit',
    permission: 'change_agenttauxtirage',
    title: 'prime_type_edit',
  },
  // Ours (issue 20 §3): the company level also needs view_tauxtirage (the page shows it only then).
  { path: '/dashboard/tirage/commissions', permission: 'view_agenttauxtirage', title: 'commissions' },
  ...crud('/dashboard/tirage/infotirage', 'infotirage', 'infotirage', 'infoTirageId'),
  // User area
  // Hidden from the superuser's menus (docs/spec.md §6: config/nav.ts), but open to it: its page holds only its
  // own password, which every person may change (issue 16), reached from its profile menu.
  { path: '/dashboard/user/account', permission: null, title: 'account' },
  { path: '/dashboard/user/tracabilite-agent', permission: 'view_traceagentaction', title: 'trace_agent' },
  {
    path: '/dashboard/user/tracabilite-company',
    permission: 'view_tracecompanyaction',
    title: 'trace_company',
    superuserOnly: true,
  },
  {
    path: '/dashboard/user/tracabilite-supervisor',
    permission: 'view_tracesupervisoraction',
    title: 'trace_supervisor',
  },
  { path: '/dashboard/user/generate-agent', permission: 'add_agent', title: 'generate_agent' },
  ...crud('/dashboard/user/message-push', 'apppromote', 'messages', 'messageId'),
  ...crud('/dashboard/user/pays', 'country', 'pays', 'paysId'),
  // Entities
  ...crud('/dashboard/agent', 'agent', 'agents', 'agentId'),
  { path: '/dashboard/limiteFiche', permission: 'view_typegame', title: 'limite_fiche' }, // ours
  { path: '/dashboard/limiteFiche/new', permission: 'add_typegame', title: 'limite_fiche_new' }, // ours
  { path: '/dashboard/terminals', permission: 'view_terminal', title: 'terminals' }, // ours (issue 20)
  { path: '/dashboard/risk-rules', permission: 'view_risk_rule', title: 'risk_rules' }, // ours (issue 22)
  { path: '/dashboard/exposure', permission: 'view_exposure', title: 'exposure' }, // ours (issue 22)
  // The official results' sources and draw calendars (issue 21): the platform's, ours.
  {
    path: '/dashboard/result-providers',
    permission: 'view_result_provider',
    title: 'result_providers',
    superuserOnly: true,
  },
  {
    path: '/dashboard/result-providers/calendar',
    permission: 'view_result_provider',
    title: 'result_providers_calendar',
    superuserOnly: true,
  },
  ...crud('/dashboard/supervisor', 'supervisor', 'supervisors', 'supervisorId'),
  ...crud('/dashboard/company', 'company', 'companies', 'companyId').map((s) => ({ ...s, superuserOnly: true })),
  { path: '/dashboard/company/facturation', permission: 'view_payment', title: 'facturation', superuserOnly: true },
  {
    path: '/dashboard/company/pay-facturation',
    permission: 'add_payment',
    title: 'pay_facturation',
    superuserOnly: true,
  },
  {
    path: '/dashboard/company/facturation/:factuId/pdf',
    permission: 'view_payment',
    title: 'facturation_pdf',
    superuserOnly: true,
  },
  ...crud('/dashboard/company/payment', 'payment', 'payments', 'paymentId').map((s) => ({
    ...s,
    superuserOnly: true,
  })),
  ...crud('/dashboard/generale', 'generale', 'generales', 'generaleId'),
  // ours (issue 16): the inbox of the public contact form; platform staff with the « général » codename.
  { path: '/dashboard/contacts', permission: 'view_generale', title: 'contacts', superuserOnly: true },
  ...crud('/dashboard/surcussale', 'surcussale', 'surcussales', 'surcussaleId'),
  // ours (issue 15): the company's settings; the admin, or the superuser on a selected company.
  {
    path: '/dashboard/parametres',
    permission: 'view_tirage',
    title: 'company_settings',
    roles: ['company', 'superuser'],
  },
] as const satisfies readonly ScreenDef[];

/** Every dashboard path: a screen registered (`screens.ts`) or linked under any other path fails to compile. */
export type ScreenPath = (typeof DASHBOARD_SCREENS)[number]['path'];

/** A dashboard path, checked against DASHBOARD_SCREENS by the compiler (for links and the menu). */
export const screenPath = <const P extends ScreenPath>(path: P): P => path;
