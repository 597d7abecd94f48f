/**
 * Commission per game (issue 20): the rate of each game at three levels, the most specific wins
 * (agent > surcussale > company); a game with no rate at any level keeps the agent's single rate. A
 * line's commission is its stake × its game's rate, rounded half up; a draw part's is the sum of its
 * lines', the ticket's the sum of its parts'. The sale (borlette_sell.sql) mirrors these rules.
 */
import { BET_TYPES, type BetCode } from './bets';
import { commissionFor } from './money';

export const COMMISSION_GAMES = ['bolet', 'mariage', 'loto3', 'loto4', 'loto5'] as const;
export type CommissionGame = (typeof COMMISSION_GAMES)[number];

/** Rates in basis points per game; null or absent: inherit from the next level. */
export type PartialCommissionRates = Partial<Record<CommissionGame, number | null>>;
export type CommissionRates = Record<CommissionGame, number>;

/** The game whose rate a bet code takes; a free mariage (44, stake 0) takes none. */
export function commissionGameOf(code: BetCode): CommissionGame | null {
  const game = BET_TYPES[code].game;
  return game === 'mariageGratuit' ? null : game;
}

/** The rates in force: per game, the first level that sets one (most specific first), else `fallback`. */
export function resolveCommissionRates(levels: readonly PartialCommissionRates[], fallback: number): CommissionRates {
  const pick = (g: CommissionGame) => {
    for (const level of levels) {
      const v = level[g];
      if (v !== null && v !== undefined) return v;
    }
    return fallback;
  };
  return Object.fromEntries(COMMISSION_GAMES.map((g) => [g, pick(g)])) as CommissionRates;
}

/** A line's commission in centimes (its game's rate; a free mariage: 0). */
export function lineCommission(code: BetCode, stake: number, rates: CommissionRates): number {
  const game = commissionGameOf(code);
  return game === null ? 0 : commissionFor(stake, rates[game]);
}

/** A ticket's commission: each line rounded on its own, per draw, summed over its draws. */
export function ticketCommission(
  lines: readonly { code: BetCode; stake: number }[],
  draws: number,
  rates: CommissionRates,
): { perDraw: number; total: number } {
  const perDraw = lines.reduce((sum, l) => sum + lineCommission(l.code, l.stake, rates), 0);
  return { perDraw, total: perDraw * draws };
}
