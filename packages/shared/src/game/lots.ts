/**
 * Lots derived from the official results of a session (docs/domain.md « Results and lots »), and the
 * loto 4 / loto 5 option numbers. Every number is a string: leading zeros matter.
 */
import { GameError } from './errors';

/** The official results of one session: Pick 3 (exactly 3 digits) and Pick 4 (exactly 4 digits). */
export interface DrawResult {
  readonly pick3: string;
  readonly pick4: string;
}

export interface Lots {
  /** Last 2 digits of Pick 3. */
  readonly lot1: string;
  /** First 2 digits of Pick 4. */
  readonly lot2: string;
  /** Last 2 digits of Pick 4. */
  readonly lot3: string;
  /** The whole Pick 3 (loto 3 result). */
  readonly loto3: string;
  readonly pick3: string;
  readonly pick4: string;
}

export type LotPosition = 1 | 2 | 3;
export const LOT_POSITIONS: readonly LotPosition[] = [1, 2, 3];

export function lotsFromResult(result: DrawResult): Lots {
  const { pick3, pick4 } = result;
  if (typeof pick3 !== 'string' || !/^\d{3}$/.test(pick3)) {
    throw new GameError('invalid_result', `Le Pick 3 doit avoir exactement 3 chiffres (reçu « ${String(pick3)} »)`);
  }
  if (typeof pick4 !== 'string' || !/^\d{4}$/.test(pick4)) {
    throw new GameError('invalid_result', `Le Pick 4 doit avoir exactement 4 chiffres (reçu « ${String(pick4)} »)`);
  }
  return { lot1: pick3.slice(1), lot2: pick4.slice(0, 2), lot3: pick4.slice(2), loto3: pick3, pick3, pick4 };
}

/** [lot1, lot2, lot3], index 0 = position 1. */
export function lotList(lots: Lots): readonly [string, string, string] {
  return [lots.lot1, lots.lot2, lots.lot3];
}

/** A piece of an option number. `lot1LastDigit` is the last digit of lot1 (= of Pick 3). */
export type LotPart = 'pick3' | 'pick4' | 'lot1' | 'lot2' | 'lot3' | 'lot1LastDigit';
export type LotoOption = 1 | 2 | 3;
export const LOTO_OPTIONS: readonly LotoOption[] = [1, 2, 3];

/** How each option number is built: the parts, concatenated in order. A company setting. */
export type OptionMapping = Readonly<Record<LotoOption, readonly LotPart[]>>;

const PART_LENGTH: Record<LotPart, number> = { pick3: 3, pick4: 4, lot1: 2, lot2: 2, lot3: 2, lot1LastDigit: 1 };

/** O1 = lot2+lot3 (the Pick 4), O2 = lot1+lot2, O3 = lot1+lot3. */
export const DEFAULT_LOTO4_OPTIONS: OptionMapping = Object.freeze({
  1: Object.freeze(['lot2', 'lot3'] as const),
  2: Object.freeze(['lot1', 'lot2'] as const),
  3: Object.freeze(['lot1', 'lot3'] as const),
});

/** O1 = Pick3+lot2, O2 = Pick3+lot3, O3 = last digit of lot1 + lot2 + lot3. */
export const DEFAULT_LOTO5_OPTIONS: OptionMapping = Object.freeze({
  1: Object.freeze(['pick3', 'lot2'] as const),
  2: Object.freeze(['pick3', 'lot3'] as const),
  3: Object.freeze(['lot1LastDigit', 'lot2', 'lot3'] as const),
});

export function lotPart(lots: Lots, part: LotPart): string {
  return part === 'lot1LastDigit' ? lots.lot1.slice(-1) : lots[part];
}

/** The three option numbers of a mapping, e.g. 123 / 4567 with the loto 4 default -> 4567, 2345, 2367. */
export function optionNumbers(lots: Lots, mapping: OptionMapping): Record<LotoOption, string> {
  const build = (o: LotoOption) => mapping[o].map((p) => lotPart(lots, p)).join('');
  return { 1: build(1), 2: build(2), 3: build(3) };
}

/** Throws unless every option of `mapping` builds a number of exactly `digits` digits (4 or 5). */
export function assertMapping(mapping: OptionMapping, digits: number): void {
  for (const o of LOTO_OPTIONS) {
    const parts = mapping[o];
    const length = Array.isArray(parts) ? parts.reduce((n, p) => n + (PART_LENGTH[p as LotPart] ?? Number.NaN), 0) : 0;
    if (length !== digits) {
      throw new GameError(
        'invalid_mapping',
        `L’option ${o} du loto ${digits} doit former un nombre de ${digits} chiffres (configuration invalide)`,
      );
    }
  }
}
