import '../zod-setup';
import { z } from 'zod';
import { PLATFORM_CEILINGS } from './company-settings';
import { amountField, requiredId, soldBetCode } from './engine-common';
import { ficheView, saleProblem } from './fiches';
import { money } from './money';

/**
 * Selling at the point of sale (agents' API, /api/agents/*): the sale's input and answer, its refusal
 * with every problem of the ticket, and what the POS needs to sell (GET /api/agents/config).
 */

/** A bet line as the agent sells it (the POS parses what is typed with the shared rules). */
export const saleLine = z.object({
  code: soldBetCode,
  number: z.string({ error: 'Le numéro est requis' }).trim().min(1, 'Le numéro est requis').max(11, 'Numéro invalide'),
  stake: amountField('La mise', { feminine: true, tooLarge: 'La mise est trop élevée' }),
});
export type SaleLine = z.infer<typeof saleLine>;

/**
 * POST /api/agents/fiches: sell. `idempotency_key` is made by the device for this sale (a UUID): a
 * retry with the same key answers the same ticket (`replayed: true`), never a second one; the same
 * key with other content is refused (409).
 */
/** The browser's position at sale (company setting sale_location); none: the sale still goes. */
export const saleLocation = z.object({
  latitude: z
    .number({ error: 'La latitude doit être un nombre' })
    .min(-90, 'Latitude invalide')
    .max(90, 'Latitude invalide'),
  longitude: z
    .number({ error: 'La longitude doit être un nombre' })
    .min(-180, 'Longitude invalide')
    .max(180, 'Longitude invalide'),
  accuracy_m: z
    .number({ error: 'La précision doit être un nombre' })
    .int('La précision doit être un nombre entier de mètres')
    .min(0, 'Précision invalide')
    .max(1_000_000, 'Précision invalide')
    .nullish(),
});
export type SaleLocation = z.infer<typeof saleLocation>;

export const saleInput = z.object({
  idempotency_key: z
    .string({ error: 'La clé de vente est requise' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Clé de vente invalide (8 à 64 lettres, chiffres, - ou _)'),
  tirages: z
    .array(requiredId('Le tirage'), { error: 'Choisissez au moins un tirage' })
    .min(1, 'Choisissez au moins un tirage')
    .max(PLATFORM_CEILINGS.ticketDraws, `${PLATFORM_CEILINGS.ticketDraws} tirages au plus`),
  lines: z
    .array(saleLine, { error: 'Ajoutez au moins un pari' })
    .min(1, 'Ajoutez au moins un pari')
    .max(PLATFORM_CEILINGS.ticketLines, `${PLATFORM_CEILINGS.ticketLines} paris au plus`),
  /** Where the ticket is sold (issue 20), when the company asks it and the agent's browser gives it. */
  location: saleLocation.optional(),
});
export type SaleInput = z.input<typeof saleInput>;

export const saleAnswer = ficheView.extend({ replayed: z.boolean() });
export type SaleAnswer = z.infer<typeof saleAnswer>;

// A refused sale and its problems live with the tickets (a reactivation refuses in the same words).
export { type SaleProblem, type SaleRefusal, saleProblem, saleRefusal } from './fiches';

/** A draw as the POS offers it now. */
export const posTirage = z.object({
  id: z.number().int(),
  name: z.string(),
  draw_date: z.string(),
  is_open: z.boolean(),
  closed_reason: z.string().nullable(),
  /** ISO instants (UTC). */
  opens_at: z.string(),
  closes_at: z.string(),
});
export type PosTirage = z.infer<typeof posTirage>;

/** The primes a draw's lines take for the agent now (multipliers, as primes.ts). */
export const posDrawPrimes = z.object({
  tirage_id: z.number().int(),
  bolet_1: z.number().int(),
  bolet_2: z.number().int(),
  bolet_3: z.number().int(),
  mariage: z.number().int(),
  loto3: z.number().int(),
  loto4_o1: z.number().int(),
  loto4_o2: z.number().int(),
  loto4_o3: z.number().int(),
  loto5_o1: z.number().int(),
  loto5_o2: z.number().int(),
  loto5_o3: z.number().int(),
});
export type PosDrawPrimes = z.infer<typeof posDrawPrimes>;

/** GET /api/agents/config: what the POS needs to sell. */
export const posConfig = z.object({
  company: z.object({ name: z.string(), logo: z.string().nullable(), currency: z.string(), timezone: z.string() }),
  agent: z.object({
    id: z.number().int(),
    name: z.string(),
    username: z.string(),
    surcussale_name: z.string().nullable(),
    can_cancel: z.boolean(),
  }),
  cancel_window_minutes: z.number().int(),
  /**
   * The company lets its agents pay tickets sold by another sub-branch (company setting): when false the
   * POS says so and does not offer « Payer » on such a ticket; the payment refuses it (403) on its own.
   */
  agents_pay_other_branches: z.boolean(),
  /** The company asks the browser's location at sale (issue 20): the POS sends it when it has it. */
  sale_location: z.boolean(),
  /** Sold codes offered (loto options enabled and not blocked). */
  codes: z.array(z.number().int()),
  tirages: z.array(posTirage),
  /** Free mariage intervals in force. */
  intervals: z.array(z.object({ min_amount: money, max_amount: money.nullable(), count: z.number().int() })),
  ticket_limit: money.nullable(),
  server_time: z.string(),
  /** What one ticket may be (company settings under the platform's ceilings): the sale refuses past it. */
  ceilings: z.object({
    ticket_max_lines: z.number().int(),
    ticket_max_draws: z.number().int(),
    line_max_stake: z.number().int(),
    ticket_max_payout: z.number().int(),
  }),
  /** How the sale counts a ticket's potential payout (game/potential-payout.ts): the bolet rule, */
  bolet_cumulative: z.boolean(),
  /** the free mariage's amount (centimes; a company may set one past 2^53: exact, never a 500), */
  free_mariage_amount: money,
  /** and the primes this agent's lines take on each draw (agent > sub-branch > draw > general). */
  draw_primes: z.array(posDrawPrimes),
  /**
   * The company's blocked balls in force (boules-block): `tirage_id` null = every draw. '12' blocks the
   * bolet 12 and every mariage with 12; the POS flags them as they are typed, the sale refuses them.
   */
  blocked_balls: z.array(z.object({ number: z.string(), tirage_id: z.number().int().nullable() })),
});
export type PosConfig = z.infer<typeof posConfig>;

/**
 * POST /api/agents/fiches/check: the sale's body (the idempotency key may be absent: nothing is sold), checked
 * now against what the sale would refuse, without saving or counting anything (issue 18).
 */
export const saleCheckInput = saleInput.extend({ idempotency_key: saleInput.shape.idempotency_key.optional() });
export type SaleCheckInput = z.input<typeof saleCheckInput>;

/** One line on one draw: its problems (those of the line, and of the line on that draw) and what remains. */
export const saleCheckCell = z.object({
  /** 1-based, as the problems' `line`. */
  line: z.number().int(),
  tirage_id: z.number().int(),
  /**
   * What this bet (code and number) may still take on that draw today under the limits (the company's and
   * the agent's, the least of them), before this ticket: limit − already counted, never below 0. Null: no limit.
   */
  remaining: money.nullable(),
  problems: z.array(saleProblem),
});
export type SaleCheckCell = z.infer<typeof saleCheckCell>;

/**
 * The check's answer. `problems` are exactly those the sale's refusal would list now for the same body
 * (same codes, French messages, lines and draws, same order); `ok` when there are none: the sale should
 * pass, though it stays the authority (others may sell meanwhile). `cells`: every line × draw (empty when
 * a line is malformed: the sale stops there too). `total` (stakes × draws) and `payout` (the potential
 * payout the sale would bound), null with a malformed line. Problems of the whole ticket (a closed draw,
 * the ticket limit, the maximum lines, draws or payout) are in `problems` only.
 */
export const saleCheckAnswer = z.object({
  ok: z.boolean(),
  problems: z.array(saleProblem),
  cells: z.array(saleCheckCell),
  total: money.nullable(),
  payout: money.nullable(),
});
export type SaleCheckAnswer = z.infer<typeof saleCheckAnswer>;
