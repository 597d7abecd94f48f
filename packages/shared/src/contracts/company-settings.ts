import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { CREDIT_MODES } from './agents';
import { amountField, MAX_AMOUNT } from './engine-common';

/**
 * The platform's hard ceilings: a company's own settings may be lower, never higher. They keep every
 * ticket's figures, and any sum of a few thousand of them, far inside exact integer arithmetic.
 */
export const PLATFORM_CEILINGS = {
  /** Bet lines on one ticket. */
  ticketLines: 100,
  /** Draws one ticket covers. */
  ticketDraws: 20,
  /** Stake of one line, centimes (10 000 000 HTG). */
  lineStake: MAX_AMOUNT,
  /** Potential payout of one ticket (every line winning its best prize on every draw), centimes. */
  ticketPayout: 1_000_000_000_000,
} as const;

/** docs/domain.md's defaults for a new company. */
export const TICKET_SETTING_DEFAULTS = {
  ticket_max_lines: 100,
  ticket_max_draws: 20,
  line_max_stake: 10_000_000,
  ticket_max_payout: 10_000_000_000,
} as const;

/**
 * The company settings an admin changes (issue 15: docs/domain.md's "default" values and the ticket
 * ceilings). The API speaks centimes for money and basis points for the commission rate; bounds
 * below are the contract's (a company never goes past the platform ceilings above).
 */
export const SETTING_BOUNDS = {
  /** 0 = an agent can never cancel; 2 hours at most (a cancellation also needs the draw still open). */
  cancel_window_minutes: { min: 0, max: 120 },
  /** 0 = sales run to the official draw time; 3 hours at most. */
  sales_close_minutes: { min: 0, max: 180 },
  /** At least one day; one year at most. */
  payout_validity_days: { min: 1, max: 365 },
  /** Basis points: 0 to 100 %. */
  commission_bp: { min: 0, max: 10_000 },
  ticket_max_lines: { min: 1, max: PLATFORM_CEILINGS.ticketLines },
  ticket_max_draws: { min: 1, max: PLATFORM_CEILINGS.ticketDraws },
  line_max_stake: { min: 1, max: PLATFORM_CEILINGS.lineStake },
  ticket_max_payout: { min: 1, max: PLATFORM_CEILINGS.ticketPayout },
  /** The live board's colours (issue 22 §1), percent of the limit used; warn < hot (checked on the result). */
  exposure_warn_pct: { min: 1, max: 99 },
  exposure_hot_pct: { min: 2, max: 100 },
} as const;

export type BoundedSetting = keyof typeof SETTING_BOUNDS;

/** What GET /api/companies/settings answers (and PUT, after the change). */
export const companySettingsView = z.object({
  company_id: z.number().int(),
  cancel_window_minutes: z.number().int(),
  sales_close_minutes: z.number().int(),
  payout_validity_days: z.number().int(),
  commission_bp: z.number().int(),
  ticket_max_lines: z.number().int(),
  ticket_max_draws: z.number().int(),
  /** Centimes. */
  line_max_stake: z.number().int(),
  /** Centimes: the most one ticket may pay if every line wins its best prize on every draw. */
  ticket_max_payout: z.number().int(),
  agents_pay_other_branches: z.boolean(),
  /** Issue 20: « approbation des terminaux » — a new device waits for approval before selling or paying. */
  terminal_approval: z.boolean(),
  /** Issue 20: the POS asks the browser's location at sale (with consent; none = sale still allowed). */
  sale_location: z.boolean(),
  /** Agents' credit defaults (issue 20 §2): ceiling on what an agent owes (centimes; null: none), mode. */
  credit_limit: z.number().int().nullable(),
  credit_mode: z.enum(CREDIT_MODES),
  /** Issue 22 §1: the exposure board's colours (percent of the limit used): « à surveiller », « chaud ». */
  exposure_warn_pct: z.number().int(),
  exposure_hot_pct: z.number().int(),
  updated_at: z.string(),
});
export type CompanySettingsView = z.infer<typeof companySettingsView>;

/** A bound as people read it: minutes and days as they are, money in HTG (the API speaks centimes). */
const shown = (value: number, unit: string) =>
  unit === 'HTG' ? `${(value / 100).toLocaleString('fr-FR')} HTG` : `${value.toLocaleString('fr-FR')} ${unit}`;

/** A JSON integer within the setting's bounds (no coercion: "10", true or 1e2 as text are refused). */
function bounded(key: BoundedSetting, label: string, unit: string) {
  const { min, max } = SETTING_BOUNDS[key];
  return z
    .number({ error: `${label} doit être un nombre entier` })
    .int(`${label} doit être un nombre entier${unit === 'HTG' ? ' de centimes' : ` de ${unit}`}`)
    .min(min, `${label} : ${shown(min, unit)} au moins`)
    .max(max, `${label} : ${shown(max, unit)} au plus`);
}

/** Both thresholds given, or one against the stored other (the service checks the result). */
export const EXPOSURE_ORDER_MESSAGE = 'Le seuil « à surveiller » doit être inférieur au seuil « chaud ».';

/** French names of the settings (messages and audit). */
export const SETTING_LABELS: Record<Exclude<keyof CompanySettingsView, 'company_id' | 'updated_at'>, string> = {
  cancel_window_minutes: 'Le délai d’annulation',
  sales_close_minutes: 'La fermeture des ventes avant le tirage',
  payout_validity_days: 'La validité des gains',
  commission_bp: 'La commission par défaut',
  ticket_max_lines: 'Le nombre de lignes par fiche',
  ticket_max_draws: 'Le nombre de tirages par fiche',
  line_max_stake: 'La mise maximale par ligne',
  ticket_max_payout: 'Le gain potentiel maximal d’une fiche',
  agents_pay_other_branches: 'Le paiement des fiches des autres succursales',
  terminal_approval: 'L’approbation des terminaux',
  sale_location: 'La localisation à la vente',
  credit_limit: 'Le plafond de crédit par défaut',
  credit_mode: 'Le mode de crédit par défaut',
  exposure_warn_pct: 'Le seuil « à surveiller » de l’exposition',
  exposure_hot_pct: 'Le seuil « chaud » de l’exposition',
};

const L = SETTING_LABELS;

/**
 * PUT /api/companies/settings: any subset of the settings (what is absent keeps its value), at least
 * one. Unknown keys are refused, so a misspelt setting never passes for a saved one.
 */
export const companySettingsInput = z
  .strictObject(
    {
      cancel_window_minutes: bounded('cancel_window_minutes', L.cancel_window_minutes, 'minutes').optional(),
      sales_close_minutes: bounded('sales_close_minutes', L.sales_close_minutes, 'minutes').optional(),
      payout_validity_days: bounded('payout_validity_days', L.payout_validity_days, 'jours').optional(),
      commission_bp: bounded('commission_bp', L.commission_bp, 'points de base').optional(),
      ticket_max_lines: bounded('ticket_max_lines', L.ticket_max_lines, 'lignes').optional(),
      ticket_max_draws: bounded('ticket_max_draws', L.ticket_max_draws, 'tirages').optional(),
      line_max_stake: bounded('line_max_stake', L.line_max_stake, 'HTG').optional(),
      ticket_max_payout: bounded('ticket_max_payout', L.ticket_max_payout, 'HTG').optional(),
      agents_pay_other_branches: z
        .boolean({ error: `${L.agents_pay_other_branches} doit être vrai ou faux` })
        .optional(),
      terminal_approval: z.boolean({ error: `${L.terminal_approval} doit être vrai ou faux` }).optional(),
      sale_location: z.boolean({ error: `${L.sale_location} doit être vrai ou faux` }).optional(),
      credit_limit: amountField(L.credit_limit, { allowZero: true }).nullable().optional(),
      credit_mode: z.enum(CREDIT_MODES, { error: 'Mode de crédit invalide (plafond ou prépayé)' }).optional(),
      exposure_warn_pct: bounded('exposure_warn_pct', L.exposure_warn_pct, 'pour cent').optional(),
      exposure_hot_pct: bounded('exposure_hot_pct', L.exposure_hot_pct, 'pour cent').optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Réglage inconnu : ${issue.keys.join(', ')}` : undefined),
    },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Aucun réglage à modifier.')
  .refine(
    (v) =>
      v.exposure_warn_pct === undefined || v.exposure_hot_pct === undefined || v.exposure_warn_pct < v.exposure_hot_pct,
    { message: EXPOSURE_ORDER_MESSAGE, path: ['exposure_warn_pct'] },
  );
export type CompanySettingsInput = z.infer<typeof companySettingsInput>;

/**
 * Who: the company admin, and the superuser acting on its selected company (not « Toutes » for a
 * write). Supervisors and agents never (no codename of the spec covers these settings). The admin
 * holds every company codename; platform staff need view/change_company (their right over
 * companies) or view/change_tirage (they already set that company's draws).
 */
const ROLES = ['company', 'superuser'] as const;
const tag = 'company-settings';

/** GET/PUT /api/companies/settings: the company's settings (docs/domain.md's "defaults" and ticket ceilings). */
export const companySettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/companies/settings',
    tag,
    summary:
      'Paramètres de la compagnie : délai d’annulation, fermeture des ventes, validité des gains, commission par défaut, plafonds des fiches',
    access: allow.anyOf(['view_company', 'view_tirage'], ROLES),
    response: companySettingsView,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/settings',
    tag,
    summary:
      'Modifier des paramètres (ceux absents gardent leur valeur) ; une nouvelle fermeture des ventes recalcule les tirages qui suivaient l’ancienne',
    access: allow.anyOf(['change_company', 'change_tirage'], ROLES),
    body: companySettingsInput,
    response: companySettingsView,
  }),
};
