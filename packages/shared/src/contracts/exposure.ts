import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';
import { isoDay, optionalId } from './engine-common';
import { money } from './money';

/**
 * The risk center's live exposure (issue 22 §1): per draw and number, what was sold, what it would
 * cost if drawn (stake × the primes snapshot of each line), the limit in force and how much of it is
 * used. Figures come from the draw's active lines of one business day (cancelled and deleted tickets
 * do not count); a supervisor sees its agents' lines only. Money in centimes (`money`: exact past 2^53).
 */

/**
 * Colour thresholds, in percent of the limit used: « à surveiller » from `warn`, « chaud » from `hot`. These
 * are a new company's; its settings (`exposure_warn_pct` / `exposure_hot_pct`) apply when a request gives none.
 */
export const EXPOSURE_DEFAULT_THRESHOLDS = { warn: 70, hot: 90 } as const;
/** How many numbers the board answers at most (largest payout first); totals cover every number. */
export const EXPOSURE_DEFAULT_TOP = 100;
export const EXPOSURE_MAX_TOP = 500;
/** Open streams one user may hold at once (tabs, screens); the oldest is closed past it. */
export const EXPOSURE_STREAMS_PER_USER = 5;

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label} invalide` })
    .int(`${label} invalide`)
    .min(1, `${label} : entre 1 et 100`)
    .max(100, `${label} : entre 1 et 100`);

export const exposureQuery = z
  .object({
    /** The draw; by default the company's first draw open now (else its first draw). */
    tirage_id: optionalId('Le tirage'),
    /** The business day (yyyy-MM-dd), today in the company's zone by default. */
    date: isoDay('La date').optional(),
    top: z.coerce
      .number({ error: 'Le nombre de numéros doit être un nombre' })
      .int('Le nombre de numéros doit être un entier')
      .min(1, 'Le nombre de numéros doit être au moins 1')
      .max(EXPOSURE_MAX_TOP, `Le nombre de numéros est de ${EXPOSURE_MAX_TOP} au plus`)
      .default(EXPOSURE_DEFAULT_TOP),
    warn: percent('Seuil « à surveiller »').optional(),
    hot: percent('Seuil « chaud »').optional(),
  })
  .refine((q) => q.warn === undefined || q.hot === undefined || q.warn <= q.hot, {
    message: 'Le seuil « à surveiller » doit être au plus le seuil « chaud »',
    path: ['warn'],
  });
export type ExposureQuery = z.input<typeof exposureQuery>;

export const exposureLevel = z.enum(['ok', 'warn', 'hot', 'blocked']);
export type ExposureLevel = z.infer<typeof exposureLevel>;

export const exposureRow = z.object({
  /** Bet code (20 bolet, 40 mariage — free mariages included —, 30 loto 3, 41-43, 51-53). */
  code: z.number().int(),
  number: z.string(),
  /** Staked on it (free mariages are 0). */
  sold: money,
  /** Bolet: what it pays if drawn as 1st, 2nd or 3rd lot; null for other games. */
  payout_lot1: money.nullable(),
  payout_lot2: money.nullable(),
  payout_lot3: money.nullable(),
  /**
   * The most it can cost: a bolet on every lot it can hit (each hit paid on cumulative lines, the best
   * one otherwise), a mariage or loto number when drawn.
   */
  payout: money,
  /** The company limit in force on this draw (ball over game, draw over all draws), null without one. */
  limit: money.nullable(),
  /** Percent of the limit used (sold ÷ limit), one decimal; null without a limit. */
  used: z.number().nullable(),
  /** Blocked now for this draw (the ball, or a ball of the mariage). */
  blocked: z.boolean(),
  level: exposureLevel,
});
export type ExposureRow = z.infer<typeof exposureRow>;

export const exposureDraw = z.object({
  id: z.number().int(),
  name: z.string(),
  is_open: z.boolean(),
  closes_at: z.string().nullable(),
  /** The draw's sales that day (the caller's scope). */
  sales: money,
});

export const exposure = z.object({
  date: z.string(),
  currency: z.string(),
  thresholds: z.object({ warn: z.number().int(), hot: z.number().int() }),
  /** Every draw of the company with its sales that day, for the selector. */
  draws: z.array(exposureDraw),
  /** The draw shown (null: the company has no draw). */
  tirage_id: z.number().int().nullable(),
  /** The draw's sales that day and its payouts if every number were drawn (not a real outcome). */
  sales: money,
  numbers: z.number().int(),
  /** The most expensive number and the most expensive pair if drawn (the company's worst cases). */
  worst: exposureRow.nullable(),
  worst_pair: exposureRow.nullable(),
  /** Numbers at « chaud » or blocked (sold ones), whatever `top`. */
  hot_count: z.number().int(),
  /** The `top` numbers by payout (then sold, code, number). */
  rows: z.array(exposureRow),
  /** Numbers blocked for this draw (sold or not). */
  blocked: z.array(z.string()),
  /** When the figures were read (ISO). */
  at: z.string(),
});
export type Exposure = z.infer<typeof exposure>;

/* ---- POS: hot numbers of the chosen draws ---- */
export const hotNumbersQuery = z.object({
  /** Comma-separated draw ids (1 to 20). */
  tirage_ids: z
    .string({ error: 'Tirages requis' })
    .regex(/^\d{1,15}(,\d{1,15}){0,19}$/, 'Tirages invalides (identifiants séparés par des virgules, 20 au plus)')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
export const hotNumber = z.object({
  tirage_id: z.number().int(),
  code: z.number().int(),
  number: z.string(),
  /** Percent of the limit used (null: blocked without a limit). */
  used: z.number().nullable(),
  blocked: z.boolean(),
  /** What may still be sold on it, company-wide (null: no limit). */
  left: money.nullable(),
});
export const hotNumbers = z.object({ hot: z.number().int(), rows: z.array(hotNumber) });
export type HotNumbers = z.infer<typeof hotNumbers>;
/** The POS strip shows at most this many numbers (most used first; blocked ones first of all). */
export const HOT_NUMBERS_MAX = 60;

const tag = 'exposure';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const exposureEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/api/companies/exposure',
    tag,
    summary:
      'Centre de risque : exposition par numéro d’un tirage (vendu, gains potentiels par lot, limite, part utilisée)',
    description:
      'Un tirage (par défaut le premier ouvert) et un jour (par défaut aujourd’hui). Les `top` numéros au gain ' +
      'potentiel le plus élevé, les totaux sur tous, le pire cas (numéro, mariage). Un superviseur : ses vendeurs.',
    access: allow.permission('view_exposure'),
    query: exposureQuery,
    response: exposure,
    errors,
  }),
  /** text/event-stream: `event: board` with the board's JSON whenever it changes; `: ping` heartbeats. */
  stream: endpoint({
    method: 'GET',
    path: '/api/companies/exposure/stream',
    tag,
    summary: 'Centre de risque en direct (text/event-stream) : le tableau à chaque changement',
    description:
      'Mêmes paramètres que /api/companies/exposure ; sans « Accept: text/event-stream », le tableau en un seul événement. Événements `board` (JSON du tableau), commentaires de ' +
      'maintien toutes les 15 s, `retry: 2000`. Fermé à la déconnexion ou à la perte de la permission.',
    access: allow.permission('view_exposure'),
    query: exposureQuery,
    response: null,
    errors,
  }),
  hotNumbers: endpoint({
    method: 'GET',
    path: '/api/agents/hot-numbers',
    tag,
    summary: 'Boules chaudes des tirages choisis (près de leur limite ou bloquées), pour le point de vente',
    access: allow.permission('pos_sell', ['agent']),
    query: hotNumbersQuery,
    response: hotNumbers,
    errors,
  }),
};
