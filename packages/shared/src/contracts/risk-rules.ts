import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { COMMISSION_GAMES } from '../game/commission';
import { amountField, requiredId } from './engine-common';
import { money } from './money';

/**
 * The automatic limit rules (issue 22 §2): company settings the sale applies itself, in its one round
 * trip, on the company-wide totals per draw, game and number (functions/borlette_rule_*.sql). Each
 * rule is off by default. Amounts in centimes, shares and factors in basis points (1000 = 10 %).
 *  - share: a number's limit = max(floor, share × the draw's sales so far), for the games listed;
 *  - late: in the last N minutes before the draw closes, every limit × factor, or capped at an amount;
 *  - date: today's numbers (company's zone): bolet DD and MM, mariages holding one of them, loto 4
 *    DDMM (27/11: 27, 11, 2711), limited to an amount or blocked;
 *  - digit: every number holding one of the digits, and every mariage holding one of the balls,
 *    limited or blocked.
 * A rule changes a number only below the back office's own limit for it.
 */
export const RULE_GAMES = COMMISSION_GAMES;
export type RuleGame = (typeof RULE_GAMES)[number];
export const RULE_KINDS = ['date', 'digit', 'pair', 'share', 'late'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** French names, as the sale's refusals say them (borlette_rule_label). */
export const RULE_LABELS: Record<RuleKind, string> = {
  date: 'numéros du jour',
  digit: 'règle des chiffres',
  pair: 'mariages de la boule',
  share: 'part des ventes du tirage',
  late: 'dernières minutes avant la fermeture',
};

export const riskRulesView = z.object({
  share_on: z.boolean(),
  share_bp: z.number().int(),
  share_floor: money,
  share_games: z.array(z.enum(RULE_GAMES)),
  late_on: z.boolean(),
  late_minutes: z.number().int(),
  late_factor_bp: z.number().int().nullable(),
  late_amount: money.nullable(),
  date_on: z.boolean(),
  date_block: z.boolean(),
  date_amount: money.nullable(),
  digit_on: z.boolean(),
  digit_block: z.boolean(),
  digit_amount: money.nullable(),
  digits: z.string(),
  pair_balls: z.array(z.string()),
  /** Null: never set (every rule off). */
  updated_at: z.string().nullable(),
});
export type RiskRulesView = z.infer<typeof riskRulesView>;

/** The settings when none were ever saved: every rule off. */
export const RISK_RULES_DEFAULTS: Omit<RiskRulesView, 'updated_at'> = {
  share_on: false,
  share_bp: 1000,
  share_floor: 0,
  share_games: ['bolet'],
  late_on: false,
  late_minutes: 15,
  late_factor_bp: 5000,
  late_amount: null,
  date_on: false,
  date_block: false,
  date_amount: null,
  digit_on: false,
  digit_block: false,
  digit_amount: null,
  digits: '',
  pair_balls: [],
};

const bool = (label: string) => z.boolean({ error: `${label} doit être vrai ou faux` });
const intBetween = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} doit être un nombre entier` })
    .int(`${label} doit être un nombre entier`)
    .min(min, `${label} : ${min} ${unit} au moins`)
    .max(max, `${label} : ${max} ${unit} au plus`);
const optionalAmount = (label: string) => amountField(label, { allowZero: true }).nullable();

/**
 * PUT /api/companies/risk-rules: the whole settings (what the form shows), checked together: a rule
 * that is on has what it needs.
 */
export const riskRulesInput = z
  .strictObject(
    {
      share_on: bool('La règle de part des ventes'),
      share_bp: intBetween('La part des ventes', 1, 10_000, 'points de base'),
      share_floor: amountField('Le plancher', { allowZero: true }),
      share_games: z
        .array(z.enum(RULE_GAMES, { error: 'Jeu inconnu (bolet, mariage, loto3, loto4, loto5)' }))
        .max(RULE_GAMES.length)
        .refine((g) => new Set(g).size === g.length, 'Chaque jeu une seule fois'),
      late_on: bool('La règle des dernières minutes'),
      late_minutes: intBetween('Les dernières minutes', 1, 720, 'minutes'),
      late_factor_bp: intBetween('Le facteur', 0, 10_000, 'points de base').nullable(),
      late_amount: optionalAmount('Le plafond des dernières minutes'),
      date_on: bool('La règle des numéros du jour'),
      date_block: bool('Le blocage des numéros du jour'),
      date_amount: optionalAmount('La limite des numéros du jour'),
      digit_on: bool('La règle des chiffres'),
      digit_block: bool('Le blocage des chiffres'),
      digit_amount: optionalAmount('La limite des chiffres'),
      digits: z
        .string({ error: 'Les chiffres doivent être un texte' })
        .regex(/^[0-9]{0,10}$/, 'Les chiffres : de 0 à 9, sans autre caractère')
        .refine((d) => new Set(d).size === d.length, 'Chaque chiffre une seule fois'),
      pair_balls: z
        .array(z.string().regex(/^\d{2}$/, 'Une boule : deux chiffres (00 à 99)'))
        .max(100, '100 boules au plus')
        .refine((b) => new Set(b).size === b.length, 'Chaque boule une seule fois'),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Réglage inconnu : ${issue.keys.join(', ')}` : undefined),
    },
  )
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.share_on) need(v.share_games.length > 0, 'share_games', 'Choisissez au moins un jeu');
    if (v.late_on)
      need(
        (v.late_factor_bp === null) !== (v.late_amount === null),
        'late_factor_bp',
        'Donnez soit un facteur, soit un plafond (un seul des deux)',
      );
    if (v.date_on && !v.date_block) need(v.date_amount !== null, 'date_amount', 'La limite est requise (ou bloquez)');
    if (v.digit_on) {
      need(v.digits !== '' || v.pair_balls.length > 0, 'digits', 'Donnez au moins un chiffre ou une boule');
      if (!v.digit_block) need(v.digit_amount !== null, 'digit_amount', 'La limite est requise (ou bloquez)');
    }
  });
export type RiskRulesInput = z.infer<typeof riskRulesInput>;

export const riskPreviewQuery = z.object({ tirage_id: requiredId('Le tirage') });

/** One number the rules change today on the draw: its limit by the rules, what is sold, what is left. */
export const riskPreviewRow = z.object({
  code: z.number().int(),
  number: z.string(),
  sold: money,
  /** The back office's own limit for it (null: none). */
  manual: money.nullable(),
  limit: money,
  remaining: money,
  rule: z.enum(RULE_KINDS),
  blocked: z.boolean(),
});
export type RiskPreviewRow = z.infer<typeof riskPreviewRow>;

export const riskPreview = z.object({
  tirage_id: z.number().int(),
  tirage_name: z.string(),
  draw_date: z.string(),
  currency: z.string(),
  /** The draw's sales so far today (the share rule's base). */
  draw_sales: money,
  /** Inside the last minutes before the close (the tightening applies now). */
  late: z.boolean(),
  /** The numbers changed: sold ones, today's numbers, bolet digits; the closest to their limit first. */
  rows: z.array(riskPreviewRow),
});
export type RiskPreview = z.infer<typeof riskPreview>;

const tag = 'risk-rules';
export const riskRuleEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/companies/risk-rules',
    tag,
    summary:
      'Règles automatiques de limites de la compagnie (part des ventes, dernières minutes, numéros du jour, chiffres)',
    access: allow.permission('view_risk_rule'),
    response: riskRulesView,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/risk-rules',
    tag,
    summary: 'Modifier les règles automatiques (toutes ensemble) ; appliquées dès la vente suivante',
    access: allow.permission('change_risk_rule'),
    body: riskRulesInput,
    response: riskRulesView,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/companies/risk-rules/preview',
    tag,
    summary: 'Ce que les règles changent aujourd’hui sur un tirage : numéros, limite automatique, vendu',
    access: allow.permission('view_risk_rule'),
    query: riskPreviewQuery,
    response: riskPreview,
  }),
};
