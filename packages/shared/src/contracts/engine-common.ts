import '../zod-setup';
import { z } from 'zod';
import { BET_CODES, type BetCode } from '../game/bets';
import { centimesInput } from './money';
import { isIsoDate } from './traceability';

/**
 * Field schemas shared by the engine's contracts (draws, results, primes, limits, tickets).
 * Money is integer centimes (`*_amount`), dates are the company's business days 'YYYY-MM-DD',
 * times of day are 'HH:MM' in the company's zone.
 */

/** 10 000 000 HTG: far above any stake or limit, and stake × prime stays below 2^53. */
export const MAX_AMOUNT = 1_000_000_000;
/** Largest payout multiplier (a loto 5 pays 25 000 by default). */
export const MAX_PRIME = 1_000_000;

export const isoDay = (label: string) =>
  z
    .string({ error: `${label} est requise` })
    .trim()
    .refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', `${label} invalide (AAAA-MM-JJ)`);

export const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} est requise` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} invalide (HH:MM)`);

export const requiredId = (label: string) =>
  z.coerce
    .number({ error: `${label} est requis` })
    .int(`${label} est invalide`)
    .positive(`${label} est requis`);

/** '' / null / undefined / 0 -> null (e.g. « tous les tirages »). */
export const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === 0 || v === '0' ? null : v),
    z.coerce
      .number({ error: `${label} est invalide` })
      .int(`${label} est invalide`)
      .positive(`${label} est invalide`)
      .nullable(),
  );

/** A money amount in centimes (> 0 unless `allowZero`): the one strict format of contracts/money.ts. */
export const amountField = (
  label: string,
  opts: { allowZero?: boolean; max?: number; tooLarge?: string; positive?: string; feminine?: boolean } = {},
) => centimesInput(label, { ...opts, max: opts.max ?? MAX_AMOUNT });

/** A bet code of docs/domain.md (20 bolet, 30 loto 3, 40 mariage, 41-43 loto 4, 51-53 loto 5); 44 is never sold. */
export const SOLD_BET_CODES = BET_CODES.filter((c) => c !== 44) as Exclude<BetCode, 44>[];
export const soldBetCode = z.coerce
  .number({ error: 'Le jeu est requis' })
  .int('Jeu invalide')
  .refine((c) => (SOLD_BET_CODES as number[]).includes(c), 'Jeu inconnu (20, 30, 40, 41-43, 51-53)')
  .transform((c) => c as Exclude<BetCode, 44>);

/** start_date / end_date of the report-like lists; end >= start, 366 days at most. */
export const DATE_RANGE_MAX_DAYS = 366;
export const dateRangeFields = {
  start_date: isoDay('La date de début').optional(),
  end_date: isoDay('La date de fin').optional(),
};
export function checkDateRange(v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (v.start_date && v.end_date) {
    if (v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'La date de fin doit suivre la date de début' });
      return;
    }
    const days = (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000;
    if (days > DATE_RANGE_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `La période est de ${DATE_RANGE_MAX_DAYS} jours au plus`,
      });
  }
}

/** Status of configuration records that can be suspended (limits, options, intervals, draws). */
export const activeStatus = z.enum(['active', 'blocked'], { error: 'Statut invalide (« active » ou « blocked »)' });
export type ActiveStatus = z.infer<typeof activeStatus>;
