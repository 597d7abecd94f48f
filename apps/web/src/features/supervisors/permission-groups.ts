import type { Codename } from '@borlette/shared/permissions';

/**
 * The company codenames a supervisor may be granted, grouped as the back office's menus are. Labels
 * are in `supervisors.json` → `perm.<codename>` (the French file is the label map) and
 * `permGroups.<group>`. A codename missing here still shows, in « other ».
 */
export const PERMISSION_GROUPS: { id: string; codenames: Codename[] }[] = [
  {
    id: 'agents',
    codenames: ['view_agent', 'add_agent', 'change_agent', 'block_agent', 'change_password_agent'],
  },
  {
    id: 'supervisors',
    codenames: ['view_supervisor', 'add_supervisor', 'change_supervisor', 'block_sup', 'change_password_sup'],
  },
  { id: 'terminals', codenames: ['view_terminal', 'change_terminal'] },
  { id: 'alerts', codenames: ['view_alert', 'change_alert'] },
  { id: 'exposure', codenames: ['view_exposure'] },
  { id: 'surcussales', codenames: ['view_surcussale', 'add_surcussale', 'change_surcussale', 'block_suc'] },
  {
    id: 'tirages',
    codenames: [
      'view_tirage',
      'add_tirage',
      'change_tirage',
      'block_tirage',
      'view_infotirage',
      'add_infotirage',
      'change_infotirage',
    ],
  },
  {
    id: 'primes',
    codenames: [
      'view_tauxtirage',
      'add_tauxtirage',
      'change_tauxtirage',
      'view_agenttauxtirage',
      'add_agenttauxtirage',
      'change_agenttauxtirage',
      'view_tiragetauxtirage',
      'add_tiragetauxtirage',
      'change_tiragetauxtirage',
    ],
  },
  {
    id: 'games',
    codenames: [
      'view_lotto',
      'add_lotto',
      'change_lotto',
      'block_option',
      'option_plus',
      'mariage_free',
      'view_bouleblock',
      'add_bouleblock',
      'change_bouleblock',
      'block_boule',
    ],
  },
  {
    id: 'limits',
    codenames: [
      'view_typegame',
      'add_typegame',
      'change_typegame',
      'block_limite_game',
      'view_typegameagent',
      'add_typegameagent',
      'change_typegameagent',
      'block_limite_game_agent',
      'view_typeboule',
      'add_typeboule',
      'change_typeboule',
      'block_limite_boule',
      'view_typebouleagent',
      'add_typebouleagent',
      'change_typebouleagent',
      'block_limite_boule_agent',
      'view_risk_rule',
      'change_risk_rule',
    ],
  },
  {
    id: 'tickets',
    codenames: [
      'view_fichevente',
      'view_fiche_win',
      'view_fiche_delete',
      'reactivate_fiche',
      'delete_fiche',
      'block_fiche',
      'pay_fiche',
    ],
  },
  {
    id: 'reports',
    codenames: [
      'view_graphe',
      'view_app_report',
      'view_app_lot_gagnant',
      'view_statistique',
      'view_report_vente',
      'view_report_partiel',
      'view_report_agent',
      'view_lot_gagnant_partiel',
    ],
  },
  {
    id: 'money',
    codenames: [
      'view_wallettransaction',
      'add_wallettransaction',
      'change_wallettransaction',
      'view_collection',
      'add_collection',
      'change_collection',
      'view_apppromote',
      'add_apppromote',
      'change_apppromote',
    ],
  },
  {
    id: 'account',
    codenames: [
      'view_traceagentaction',
      'view_tracesupervisoraction',
      'change_password',
      'change_user_info',
      'change_logo',
    ],
  },
];

/** Groups limited to what may be granted (`allowed`), with every unlisted allowed codename in « other ». */
export function groupsFor(allowed: readonly string[]): { id: string; codenames: string[] }[] {
  const set = new Set(allowed);
  const listed = new Set<string>(PERMISSION_GROUPS.flatMap((g) => g.codenames));
  const groups: { id: string; codenames: string[] }[] = PERMISSION_GROUPS.map((g) => ({
    id: g.id,
    codenames: g.codenames.filter((c) => set.has(c)),
  }));
  const other = allowed.filter((c) => !listed.has(c));
  if (other.length) groups.push({ id: 'other', codenames: other });
  return groups.filter((g) => g.codenames.length);
}
