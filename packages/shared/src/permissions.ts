/**
 * Every permission codename of the product, in one place (docs/spec.md §6), with the roles and the
 * permissions each role holds by default. The server enforces these; the web app only mirrors them.
 */

export const ROLES = ['superuser', 'company', 'supervisor', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** Labels shown to people (docs/spec.md §6). The agent role has no back-office sign-in screen of its own. */
export const ROLE_LABELS: Record<Role, string> = {
  superuser: 'Super Admin',
  company: 'Admin',
  supervisor: 'Superviseur',
  agent: 'Vendeur',
};

/** The API prefix of each role (docs/spec.md §7: "supervisor uses supervisors, company uses companies, ..."). */
export const ROLE_PREFIX: Record<Role, string> = {
  superuser: 'generals',
  company: 'companies',
  supervisor: 'supervisors',
  agent: 'agents',
};

/** Entities that have view/add/change codenames (docs/spec.md §6). */
const CRUD_ENTITIES = [
  'agent',
  'supervisor',
  'company',
  'generale',
  'surcussale',
  'lotto',
  'tirage',
  'infotirage',
  'tauxtirage',
  'agenttauxtirage',
  'tiragetauxtirage',
  'typegame',
  'typegameagent',
  'typeboule',
  'typebouleagent',
  'bouleblock',
  'apppromote',
  'country',
  'payment',
  'wallettransaction',
] as const;

type CrudEntity = (typeof CRUD_ENTITIES)[number];
type CrudCodename = `${'view' | 'add' | 'change'}_${CrudEntity}`;

const CRUD_CODENAMES = CRUD_ENTITIES.flatMap((e) => [`view_${e}`, `add_${e}`, `change_${e}`]) as CrudCodename[];

const OTHER_CODENAMES = [
  'view_fichevente',
  'view_traceagentaction',
  'view_tracecompanyaction',
  'view_tracesupervisoraction',
  'add_tirage_auto',
  'view_graphe',
  'view_app_report',
  'view_app_lot_gagnant',
  'view_statistique',
  'view_report_vente',
  'view_report_partiel',
  'view_report_agent',
  'view_lot_gagnant_partiel',
  'view_fiche_win',
  'view_fiche_delete',
  'block_tirage',
  'block_sup',
  'block_suc',
  'block_agent',
  'block_boule',
  'block_option',
  'block_limite_game',
  'block_limite_game_agent',
  'block_limite_boule',
  'block_limite_boule_agent',
  'change_password_sup',
  'change_password_agent',
  'change_password',
  'reactivate_fiche',
  'change_logo',
  'option_plus',
  'mariage_free',
  'change_user_info',
] as const;

/**
 * Point-of-sale codenames. The spec names the agent role but none of its permissions; these are
 * ours, prefixed `pos_` so they can never be confused with a back-office codename.
 */
export const POS_CODENAMES = ['pos_sell', 'pos_cancel', 'pos_pay', 'pos_report'] as const;

/**
 * Ticket actions of the back office that the spec names no codename for (it has reactivate_fiche
 * only): ours, like pos_*. A company admin holds them; a supervisor may be granted them.
 * pay_fiche: pay a winning ticket by its number alone, at the office (agents need the receipt's proof).
 */
export const FICHE_CODENAMES = ['delete_fiche', 'block_fiche', 'pay_fiche'] as const;

/**
 * The agents' devices (issue 20): ours too. view_terminal lists them, change_terminal approves,
 * revokes and renames; a company admin holds both, a supervisor may be granted them (its agents only).
 */
export const TERMINAL_CODENAMES = ['view_terminal', 'change_terminal'] as const;

/**
 * Collections (« collecte », issue 20 §2): the cash an admin or a supervisor collects from its agents.
 * Ours too: view (list, receipt), add (collect), change (reverse a collection).
 */
export const COLLECTION_CODENAMES = ['view_collection', 'add_collection', 'change_collection'] as const;

/**
 * Automatic limit rules (issue 22 §2): ours too. view_risk_rule reads the settings and their preview,
 * change_risk_rule changes them; a company admin holds both, a supervisor may be granted them.
 */
export const RISK_RULE_CODENAMES = ['view_risk_rule', 'change_risk_rule'] as const;

/**
 * Anomaly alerts (issue 22 §3): ours too. view_alert lists them (and the top bar's badge), change_alert
 * marks them seen or closed and sets their thresholds; a company admin holds both, a supervisor may be
 * granted them (the alerts of its agents only).
 */
export const ALERT_CODENAMES = ['view_alert', 'change_alert'] as const;

/**
 * The risk center (issue 22 §1): ours. view_exposure reads the live exposure board and its stream (a
 * supervisor: its agents' sales); its quick actions use the blocking and limit codenames.
 */
export const EXPOSURE_CODENAMES = ['view_exposure'] as const;

/**
 * The official results pipeline (issue 21): the platform's results board. Ours, platform only:
 * view_result reads the board, history and fetch log; change_result confirms, enters, re-polls, settings.
 */
export const RESULT_CODENAMES = ['view_result', 'change_result'] as const;

/**
 * The official results' sources (issue 21): ours, platform only. view_result_provider lists the
 * providers and the draw calendars; change_result_provider edits them, tests a source, sets holidays.
 */
export const RESULT_PROVIDER_CODENAMES = ['view_result_provider', 'change_result_provider'] as const;

export type Codename =
  | CrudCodename
  | (typeof RESULT_PROVIDER_CODENAMES)[number]
  | (typeof TERMINAL_CODENAMES)[number]
  | (typeof OTHER_CODENAMES)[number]
  | (typeof POS_CODENAMES)[number]
  | (typeof FICHE_CODENAMES)[number]
  | (typeof COLLECTION_CODENAMES)[number]
  | (typeof RISK_RULE_CODENAMES)[number]
  | (typeof ALERT_CODENAMES)[number]
  | (typeof EXPOSURE_CODENAMES)[number]
  | (typeof RESULT_CODENAMES)[number];

export const ALL_CODENAMES: readonly Codename[] = [
  ...CRUD_CODENAMES,
  ...OTHER_CODENAMES,
  ...FICHE_CODENAMES,
  ...TERMINAL_CODENAMES,
  ...COLLECTION_CODENAMES,
  ...RISK_RULE_CODENAMES,
  ...ALERT_CODENAMES,
  ...EXPOSURE_CODENAMES,
  ...RESULT_CODENAMES,
  ...RESULT_PROVIDER_CODENAMES,
  ...POS_CODENAMES,
];

/** Platform-only codenames: they concern the platform itself, never one company's business. */
export const PLATFORM_CODENAMES: readonly Codename[] = [
  'view_company',
  'add_company',
  'change_company',
  'view_generale',
  'add_generale',
  'change_generale',
  'view_country',
  'add_country',
  'change_country',
  'view_payment',
  'add_payment',
  'change_payment',
  'add_tirage_auto',
  'view_tracecompanyaction',
  ...RESULT_CODENAMES,
  ...RESULT_PROVIDER_CODENAMES,
];

const platform = new Set<Codename>(PLATFORM_CODENAMES);
const pos = new Set<Codename>(POS_CODENAMES);

/** What a company admin may hold, and so the set from which it grants its supervisors. */
export const COMPANY_CODENAMES: readonly Codename[] = ALL_CODENAMES.filter((c) => !platform.has(c) && !pos.has(c));

/** Role defaults: what a full-access user of that role holds. */
export const ROLE_DEFAULT_PERMISSIONS: Record<Role, readonly Codename[]> = {
  superuser: ALL_CODENAMES.filter((c) => !pos.has(c)),
  company: COMPANY_CODENAMES,
  supervisor: [],
  agent: POS_CODENAMES,
};

/** Codenames a role may ever be granted (a supervisor only from the company set, etc.). */
export const GRANTABLE_PERMISSIONS: Record<Role, readonly Codename[]> = {
  superuser: ROLE_DEFAULT_PERMISSIONS.superuser,
  company: COMPANY_CODENAMES,
  supervisor: COMPANY_CODENAMES,
  agent: POS_CODENAMES,
};

const known = new Set<string>(ALL_CODENAMES);
export function isCodename(value: string): value is Codename {
  return known.has(value);
}
