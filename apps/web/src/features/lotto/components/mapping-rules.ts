import { LOT_PARTS, LOTTO_CODES } from '@borlette/shared/contracts/lotto';
import {
  DEFAULT_LOTO4_OPTIONS,
  DEFAULT_LOTO5_OPTIONS,
  type LotoOption,
  type LotPart,
  lotPart,
  lotsFromResult,
} from '@borlette/shared/game/lots';

export type { LotPart };
export { LOT_PARTS, LOTTO_CODES };

/** Digits each part brings to an option number. */
export const PART_DIGITS: Record<LotPart, number> = { pick3: 3, pick4: 4, lot1: 2, lot2: 2, lot3: 2, lot1LastDigit: 1 };

/** The contract allows five parts at most. */
export const MAX_PARTS = 5;

/** The worked example of docs/domain.md: Pick 3 = 123, Pick 4 = 4567. */
export const EXAMPLE_RESULT = { pick3: '123', pick4: '4567' } as const;
const EXAMPLE_LOTS = lotsFromResult(EXAMPLE_RESULT);

/** 41-43: loto 4 (4 digits); 51-53: loto 5 (5 digits). */
export const gameOf = (code: number): 'loto4' | 'loto5' => (code >= 51 ? 'loto5' : 'loto4');
export const digitsFor = (code: number) => (gameOf(code) === 'loto5' ? 5 : 4);
export const optionOf = (code: number) => (code % 10) as LotoOption;

export const mappingDigits = (parts: readonly LotPart[]) => parts.reduce((n, p) => n + (PART_DIGITS[p] ?? 0), 0);

/** The option number the parts build for 123 / 4567 (e.g. lot2 + lot3 -> 4567). */
export const exampleNumber = (parts: readonly LotPart[]) => parts.map((p) => lotPart(EXAMPLE_LOTS, p)).join('');

/** Every code (41-43, 51-53) already exists: nothing is left to create. */
export const allCodesTaken = (taken: readonly number[]) => LOTTO_CODES.every((code) => taken.includes(code));

/** The default mapping of a code (docs/domain.md), e.g. 52 -> pick3 + lot3. */
export function defaultMapping(code: number): LotPart[] {
  const table = gameOf(code) === 'loto5' ? DEFAULT_LOTO5_OPTIONS : DEFAULT_LOTO4_OPTIONS;
  return [...(table[optionOf(code)] ?? [])];
}

/** Can this part be added without going past the digits the option needs (or the part limit)? */
export const canAdd = (parts: readonly LotPart[], part: LotPart, digits: number) =>
  parts.length < MAX_PARTS && mappingDigits(parts) + PART_DIGITS[part] <= digits;

/** Moves the part at `index` by `delta` (-1 left, +1 right); unchanged at the ends. */
export function move<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The codes not used yet by the company (a code exists once). */
export const freeCodes = (taken: readonly number[]) => LOTTO_CODES.filter((c) => !taken.includes(c));
