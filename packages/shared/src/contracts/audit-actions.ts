/**
 * Every action the audit trail records (`audit_log.action`), and the sale event that traceability
 * reads from the tickets themselves (`sell`), each with its French label. The server's `audit()`
 * accepts only these words (a new one must be added here, with its label, or the build fails), the
 * traceability filter offers them, the CSV writes the labels. `audit-actions.test.ts` also scans the
 * server's code and SQL for the words they write.
 */
export const AUDIT_ACTION_LABELS = {
  // Tickets and money (the ones people look for first).
  sell: 'Vente',
  cancel: 'Annulation',
  delete: 'Suppression',
  reactivate: 'Réactivation',
  pay: 'Paiement',
  payment_reversed: 'Paiement annulé (correction)',
  reprint: 'Réimpression',
  deposit: 'Dépôt',
  withdrawal: 'Retrait',
  adjustment: 'Ajustement',
  zero: 'Remise à zéro',
  zero_reversal: 'Remise à zéro annulée',
  collection: 'Collecte',
  collection_reversal: 'Collecte annulée',
  // Records.
  create: 'Création',
  update: 'Modification',
  generate: 'Génération de vendeurs',
  block: 'Blocage',
  unblock: 'Déblocage',
  approve: 'Approbation',
  revoke: 'Révocation',
  archive: 'Archivage',
  correct: 'Correction',
  correction_refused: 'Correction refusée',
  alert_state: 'Alerte : état changé',
  result_confirm: 'Résultat confirmé',
  result_manual: 'Résultat saisi à la main',
  start: 'Paiement en ligne commencé',
  confirm: 'Paiement en ligne confirmé',
  // People and sessions.
  login: 'Connexion',
  login_failed: 'Connexion refusée',
  logout: 'Déconnexion',
  password: 'Mot de passe réinitialisé',
  change_password: 'Mot de passe changé',
  change_password_failed: 'Mot de passe actuel erroné',
  unlock_login: 'Blocage de connexion levé',
  update_profile: 'Profil modifié',
  change_logo: 'Logo changé',
  select_company: 'Choix de compagnie',
  select_country: 'Choix de pays',
  // The demo company's reset (npm run demo:reset or its button).
  demo_reset: 'Démo remise à zéro',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** In the order of the labels above: the filter lists tickets and money first. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The sale: no audit row (the sale path stays one round trip), read from `fiches` by traceability. */
export const SALE_ACTION = 'sell' satisfies AuditAction;

export function isAuditAction(v: string): v is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, v);
}

/** The French label of an action; an unknown word (an old row) is shown as it is. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

/**
 * A recorded field that holds money in minor units (centimes; US cents for billing): `amount`,
 * `*_amount`. The currency is the record's own `currency` field when it has one (billing), else the
 * company's.
 */
export function isMoneyField(field: string): boolean {
  return field === 'amount' || field.endsWith('_amount');
}
