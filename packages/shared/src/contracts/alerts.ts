import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';
import { checkDateRange, dateRangeFields, MAX_AMOUNT } from './engine-common';
import { listQuery, pageOf, sortKeys } from './list';

/**
 * Anomaly alerts (issue 22 §3). Detectors (a job of the server, every ALERTS_SECONDS) look at a recent
 * window of the company's tickets, payments and results and raise each anomaly once (a dedupe key per
 * anomaly); a person then marks it seen, or closes it with a note. A supervisor (granted view_alert)
 * sees the alerts of the agents it watches, not those of the company as a whole (a result edited).
 *
 * GET  /api/companies/alerts             (view_alert)   a page: filters state, kind, severity, period; CSV
 * GET  /api/companies/alerts/count       (view_alert)   the top bar's badge: how many are new
 * POST /api/companies/alerts/:id/state   (change_alert) {state, note}: closing needs a note; audited
 * GET  /api/companies/alerts/settings    (view_alert)   per kind: on/off and thresholds
 * PUT  /api/companies/alerts/settings    (change_alert) the same, audited
 */

export const ALERT_KINDS = [
  /** One agent's sales in the last minutes before a draw closes, far beyond its own usual rate there. */
  'burst',
  /** A ticket timestamped after its draw's time (clock or replay). */
  'after_draw',
  /** A cancelled or deleted ticket that would have won under the result in force. */
  'winning_voided',
  /** A result corrected (or withdrawn) after tickets of that draw were paid. */
  'result_edited',
  /** One agent paying many tickets sold by other agents in a day. */
  'foreign_payments',
  /** A ticket paid far from where it was sold (both places known). */
  'paid_far',
  /** An agent's day of sales far above its own history. */
  'daily_outlier',
] as const;
export const alertKind = z.enum(ALERT_KINDS, { error: 'Type d’alerte inconnu' });
export type AlertKind = z.infer<typeof alertKind>;

export const ALERT_SEVERITIES = ['low', 'medium', 'high'] as const;
export const alertSeverity = z.enum(ALERT_SEVERITIES, { error: 'Gravité invalide (low, medium ou high)' });
export type AlertSeverity = z.infer<typeof alertSeverity>;

export const ALERT_STATES = ['new', 'seen', 'closed'] as const;
export const alertState = z.enum(ALERT_STATES, { error: 'État invalide (new, seen ou closed)' });
export type AlertState = z.infer<typeof alertState>;

/** French labels (CSV, audit); the web has its own per language. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  burst: 'Rafale de ventes avant la fermeture',
  after_draw: 'Vente après l’heure du tirage',
  winning_voided: 'Fiche gagnante annulée ou supprimée',
  result_edited: 'Résultat modifié après des paiements',
  foreign_payments: 'Paiements de fiches d’autres vendeurs',
  paid_far: 'Fiche payée loin du lieu de vente',
  daily_outlier: 'Ventes du jour hors de l’habitude',
};

/** French names of the evidence's figures (CSV); the web has its own per language (alerts.json). */
export const ALERT_FIGURE_LABELS: Record<string, string> = {
  sold_at: 'Vendue le',
  draw_at: 'Heure du tirage',
  late_seconds: 'Retard (secondes)',
  official: 'Tirage officiel',
  ticket_amount: 'Montant',
  window_minutes: 'Fenêtre (minutes)',
  closes_at: 'Fermeture',
  tickets: 'Fiches',
  sold_amount: 'Vendu',
  usual_amount: 'Habituel',
  history_days: 'Jours d’historique',
  factor: 'Facteur',
  day: 'Jour',
  median_amount: 'Médiane',
  status: 'Statut',
  status_at: 'Annulée le',
  reason: 'Motif',
  by: 'Par',
  would_win_amount: 'Gain perdu',
  lots: 'Lots',
  version: 'Version',
  at: 'Le',
  before: 'Avant',
  after: 'Après',
  paid_tickets: 'Fiches payées',
  paid_amount: 'Payé',
  reversed: 'Paiements annulés',
  sellers: 'Vendeurs',
  min_tickets: 'Seuil',
  distance_km: 'Distance (km)',
  paid_at: 'Payée le',
  sold_at_place: 'Lieu de vente',
  paid_at_place: 'Lieu du paiement',
};

/** A ticket an alert points at (its list and drawer open from it). */
export const alertFiche = z.object({
  id: z.number().int(),
  number: z.number().int(),
  sale_date: z.string(),
  status: z.string(),
});
export type AlertFiche = z.infer<typeof alertFiche>;

/**
 * The evidence: the tickets (at most ALERT_MAX_FICHES) and the figures of the anomaly. Amounts are
 * centimes as strings of digits (`*_amount`: exact at any size); times ISO; counts numbers.
 */
export const alertEvidence = z.object({
  fiches: z.array(alertFiche),
  figures: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AlertEvidence = z.infer<typeof alertEvidence>;
export const ALERT_MAX_FICHES = 50;

export const alert = z.object({
  id: z.number().int(),
  kind: alertKind,
  severity: alertSeverity,
  state: alertState,
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  agent_username: z.string().nullable(),
  surcussale_name: z.string().nullable(),
  tirage_id: z.number().int().nullable(),
  tirage_name: z.string().nullable(),
  draw_date: z.string().nullable(),
  evidence: alertEvidence,
  note: z.string().nullable(),
  created_at: z.string(),
  changed_at: z.string().nullable(),
  changed_by_name: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
});
export type Alert = z.infer<typeof alert>;

export const alertListQuery = listQuery
  .extend({
    sort: sortKeys(['created_at', 'severity', 'kind', 'state', 'agent']),
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
    state: alertState.optional(),
    kind: alertKind.optional(),
    severity: alertSeverity.optional(),
    agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
    /** The day the alert was raised, in the company's zone. */
    ...dateRangeFields,
  })
  .superRefine(checkDateRange);

export const alertIdParams = z.object({
  id: z.coerce.number({ error: 'L’identifiant est requis' }).int().positive('Identifiant invalide'),
});

export const alertStateInput = z
  .object({
    state: alertState,
    note: z
      .string({ error: 'La note doit être un texte' })
      .trim()
      .max(500, 'La note est trop longue (500 caractères au plus)')
      .optional()
      .nullable()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.state === 'closed' && (!v.note || v.note.length < 3))
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Une note est requise pour clore l’alerte (3 caractères au moins)',
      });
  });
export type AlertStateInput = z.input<typeof alertStateInput>;

export const alertCount = z.object({ new: z.number().int() });

/* ---- Settings per kind ---- */

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} doit être un nombre` })
    .int(`${label} doit être un nombre entier`)
    .min(min, `${label} : ${min} au moins`)
    .max(max, `${label} : ${max} au plus`);
const factor = (label: string) =>
  z.coerce
    .number({ error: `${label} doit être un nombre` })
    .min(1, `${label} : 1 au moins`)
    .max(1000, `${label} : 1000 au plus`);
/** Centimes, like every amount of the API. */
const floor = (label: string) => int(label, 0, MAX_AMOUNT);
const enabled = z.boolean({ error: 'Le champ « enabled » doit être vrai ou faux' });

export const alertSettings = z.object({
  burst: z.object({
    enabled,
    window_minutes: int('La fenêtre', 1, 240),
    factor: factor('Le facteur'),
    floor_amount: floor('Le plancher'),
  }),
  after_draw: z.object({ enabled }),
  winning_voided: z.object({ enabled }),
  result_edited: z.object({ enabled }),
  foreign_payments: z.object({ enabled, min_tickets: int('Le nombre de fiches', 1, 10_000) }),
  paid_far: z.object({
    enabled,
    distance_km: int('La distance', 1, 20_000),
    /** The payer's place: its own sale nearest in time, within this many minutes of the payment. */
    match_minutes: int('L’écart de temps', 1, 1440),
  }),
  daily_outlier: z.object({
    enabled,
    factor: factor('Le facteur'),
    floor_amount: floor('Le plancher'),
    min_days: int('Le nombre de jours d’historique', 1, 30),
  }),
}) satisfies z.ZodType<Record<AlertKind, { enabled: boolean }>>;
export type AlertSettings = z.infer<typeof alertSettings>;

/** A company's settings before it saves any (one source: the detectors merge stored values over these). */
export const ALERT_DEFAULTS: AlertSettings = {
  burst: { enabled: true, window_minutes: 15, factor: 3, floor_amount: 100_000 },
  after_draw: { enabled: true },
  winning_voided: { enabled: true },
  result_edited: { enabled: true },
  foreign_payments: { enabled: true, min_tickets: 5 },
  paid_far: { enabled: true, distance_km: 20, match_minutes: 120 },
  daily_outlier: { enabled: true, factor: 3, floor_amount: 500_000, min_days: 5 },
};

const tag = 'alerts';
const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const alertEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/alerts',
    tag,
    summary: 'Alertes d’anomalies (filtres état, type, gravité, vendeur, période ; page ; CSV)',
    access: allow.permission('view_alert'),
    query: alertListQuery,
    response: pageOf(alert),
  }),
  count: endpoint({
    method: 'GET',
    path: '/api/companies/alerts/count',
    tag,
    summary: 'Nombre d’alertes nouvelles (le badge de la barre du haut)',
    access: allow.permission('view_alert'),
    response: alertCount,
  }),
  setState: endpoint({
    method: 'POST',
    path: '/api/companies/alerts/:id/state',
    tag,
    summary: 'Changer l’état d’une alerte (vue, close avec une note, ou nouvelle) ; journalisé',
    access: allow.permission('change_alert'),
    params: alertIdParams,
    body: alertStateInput,
    response: alert,
    errors,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/companies/alerts/settings',
    tag,
    summary: 'Réglages des alertes par type (activée, seuils)',
    access: allow.permission('view_alert'),
    response: alertSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/companies/alerts/settings',
    tag,
    summary: 'Enregistrer les réglages des alertes (tous les types) ; journalisé',
    access: allow.permission('change_alert'),
    body: alertSettings,
    response: alertSettings,
    errors,
  }),
};
