import type { Codename } from '@borlette/shared/permissions';

/**
 * The platform staff's permissions (GRANTABLE_PERMISSIONS.superuser) grouped by entity, with French
 * labels: a group is a domain, a row an entity, each codename a short action label. A unit test checks
 * that every grantable codename appears exactly once.
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
          one('change_password', 'Changer mon mot de passe'),
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
