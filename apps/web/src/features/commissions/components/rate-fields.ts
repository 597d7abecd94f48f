import { COMMISSION_GAMES, type CommissionGame } from '@borlette/shared/game/commission';

/** The form's values: a percent per game as typed ('' = inherit from the level above). */
export type RateTexts = Record<CommissionGame, string>;

export const emptyRates = (): RateTexts => Object.fromEntries(COMMISSION_GAMES.map((g) => [g, ''])) as RateTexts;

/** Basis points as a percent the form shows (1250 -> '12.5'). */
export const bpText = (bp: number | null): string => (bp === null ? '' : String(bp / 100));

/** A typed percent -> basis points; '' -> null (inherit); undefined when it is not a valid percent. */
export function parsePercent(text: string): number | null | undefined {
  const v = text.trim().replace(',', '.');
  if (v === '') return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(v)) return undefined;
  const bp = Math.round(Number(v) * 100);
  return bp <= 10_000 ? bp : undefined;
}
