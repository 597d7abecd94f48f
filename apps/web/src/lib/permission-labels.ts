import type { Codename } from '@borlette/shared/permissions';

/**
 * The one source of the permissions' French names: every back-office codename
 * (GRANTABLE_PERMISSIONS.superuser) grouped by entity — a group is a domain, a row an entity, each
 * codename a short action label. The generals' form (its checkboxes) and « Mon compte » (what the
 * user holds, `heldGroups`) read it. A unit test checks that every grantable codename appears exactly once.
 */
export interface PermissionItem {
  codename: Codename;
  /** Short action label, read after the row's label (« Vendeurs » · « Bloquer »). */
  label: string;
}
export interface PermissionRow {
  label: string;
  items: PermissionItem[];
}
export interface PermissionGroup {
  label: string;
  rows: PermissionRow[];
}

const crud = (entity: string, label: string, ...extra: PermissionItem[]): PermissionRow => ({
  label,
  items: [
    { codename: `view_${entity}` as Codename, label: 'Voir' },
    { codename: `add_${entity}` as Codename, label: 'Ajouter' },
    { codename: `change_${entity}` as Codename, label: 'Modifier' },
    ...extra,
  ],
});
const one = (codename: Codename, label: string): PermissionItem => ({ codename, label });

export const PERMISSION_GROUPS: PermissionGroup[] = [
  {
    label: 'Plateforme',
    rows: [
      crud('company', 'Compagnies'),
      crud('generale', 'Généraux'),
      crud('country', 'Pays et villes'),
      crud('payment', 'Facturation et paiements'),
      { label: 'Tirage automatique', items: [one('add_tirage_auto', 'Publier les résultats')] },
      {
        label: 'Résultats officiels',
        items: [one('view_result', 'Voir le tableau'), one('change_result', 'Confirmer, saisir, relancer')],
      },
      {
        label: 'Sources des résultats officiels',
        items: [one('view_result_provider', 'Voir'), one('change_result_provider', 'Modifier / tester / calendriers')],
      },
    ],
  },
  {
    label: 'Organisation des compagnies',
    rows: [
      crud('surcussale', 'Succursales', one('block_suc', 'Bloquer')),
      crud(
        'supervisor',
        'Superviseurs',
        one('block_sup', 'Bloquer'),
        one('change_password_sup', 'Changer le mot de passe'),
      ),
      crud('agent', 'Vendeurs', one('block_agent', 'Bloquer'), one('change_password_agent', 'Changer le mot de passe')),
      crud('apppromote', 'Messages push'),
      {
        label: 'Terminaux',
        items: [one('view_terminal', 'Voir'), one('change_terminal', 'Approuver / révoquer / renommer')],
      },
      { label: 'Centre de risque', items: [one('view_exposure', 'Voir (exposition en direct)')] },
    ],
  },
  {
    label: 'Tirages et primes',
    rows: [
      crud('tirage', 'Tirages', one('block_tirage', 'Bloquer')),
      crud('infotirage', 'Infos tirage (résultats)'),
      crud('tauxtirage', 'Prime générale'),
      crud('tiragetauxtirage', 'Prime par tirage'),
      crud('agenttauxtirage', 'Prime par agent / succursale'),
    ],
  },
  {
    label: 'Jeux et limites',
    rows: [
      crud('lotto', 'Lotto (options)', one('block_option', 'Bloquer'), one('option_plus', 'Options supplémentaires')),
      crud('typegame', 'Limites de jeu', one('block_limite_game', 'Bloquer'), one('mariage_free', 'Mariage gratuit')),
      crud('typegameagent', 'Limites de jeu par agent', one('block_limite_game_agent', 'Bloquer')),
      crud('typeboule', 'Limites de boule', one('block_limite_boule', 'Bloquer')),
      crud('typebouleagent', 'Limites de boule par agent', one('block_limite_boule_agent', 'Bloquer')),
      {
        label: 'Règles automatiques',
        items: [one('view_risk_rule', 'Voir'), one('change_risk_rule', 'Modifier')],
      },
      crud('bouleblock', 'Blocage de boules', one('block_boule', 'Bloquer / débloquer')),
    ],
  },
  {
    label: 'Fiches et argent',
    rows: [
      {
        label: 'Fiches',
        items: [
          one('view_fichevente', 'Vendues'),
          one('view_fiche_win', 'Gagnantes et payées'),
          one('view_fiche_delete', 'Supprimées'),
          one('reactivate_fiche', 'Réactiver'),
          one('delete_fiche', 'Supprimer'),
          one('block_fiche', 'Bloquer'),
          one('pay_fiche', 'Payer au bureau'),
        ],
      },
      crud('wallettransaction', 'Transactions'),
      {
        label: 'Collectes',
        items: [
          one('view_collection', 'Voir'),
          one('add_collection', 'Collecter'),
          one('change_collection', 'Annuler'),
        ],
      },
      {
        label: 'Alertes d’anomalies',
        items: [one('view_alert', 'Voir'), one('change_alert', 'Traiter / régler')],
      },
    ],
  },
  {
    label: 'Rapports et tableaux de bord',
    rows: [
      {
        label: 'Rapports',
        items: [
          one('view_report_vente', 'Ventes'),
          one('view_report_partiel', 'Partiel (journalier)'),
          one('view_report_agent', 'Contrôle agent'),
          one('view_statistique', 'Statistiques'),
        ],
      },
      {
        label: 'Lots gagnants',
        items: [one('view_app_lot_gagnant', 'Lots gagnants'), one('view_lot_gagnant_partiel', 'Lots partiels')],
      },
      { label: 'Tableaux de bord', items: [one('view_app_report', 'Tableaux'), one('view_graphe', 'Graphiques')] },
    ],
  },
  {
    label: 'Traçabilité et compte',
    rows: [
      {
        label: 'Traçabilité',
        items: [
          one('view_tracecompanyaction', 'Compagnies'),
          one('view_tracesupervisoraction', 'Superviseurs'),
          one('view_traceagentaction', 'Vendeurs'),
        ],
      },
      {
        label: 'Mon compte',
        items: [
          one('change_user_info', 'Modifier mes informations'),
          one('change_logo', 'Changer le logo / la photo'),
          // Everyone's own password needs no codename (issue 16); the spec's codename stays, granted or not.
          one('change_password', 'Changer mon mot de passe (toujours permis)'),
        ],
      },
    ],
  },
];

const FULL_LABELS = new Map<string, string>(
  PERMISSION_GROUPS.flatMap((g) => g.rows.flatMap((r) => r.items.map((i) => [i.codename, `${r.label} · ${i.label}`]))),
);

/** « Vendeurs · Bloquer » for a codename; the codename itself if unknown. */
export function permissionLabel(codename: string): string {
  return FULL_LABELS.get(codename) ?? codename;
}

export interface HeldGroup {
  label: string;
  rows: { label: string; items: string[] }[];
  count: number;
}

/**
 * What a person holds, in the groups and rows above, named in French; a codename outside them (the
 * point of sale's `pos_*`) comes last under « Autres », as is.
 */
export function heldGroups(codenames: Iterable<string>): HeldGroup[] {
  const held = new Set(codenames);
  const out: HeldGroup[] = [];
  const named = new Set<string>();
  for (const g of PERMISSION_GROUPS) {
    const rows = g.rows
      .map((r) => ({ label: r.label, items: r.items.filter((i) => held.has(i.codename)) }))
      .filter((r) => r.items.length);
    for (const r of rows) for (const i of r.items) named.add(i.codename);
    if (rows.length)
      out.push({
        label: g.label,
        rows: rows.map((r) => ({ label: r.label, items: r.items.map((i) => i.label) })),
        count: rows.reduce((n, r) => n + r.items.length, 0),
      });
  }
  const others = [...held].filter((c) => !named.has(c)).sort();
  if (others.length) out.push({ label: 'Autres', rows: [{ label: 'Autres', items: others }], count: others.length });
  return out;
}
