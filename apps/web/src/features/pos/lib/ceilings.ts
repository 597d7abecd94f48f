/**
 * The preview of what one ticket may be (issue 15): the same bounds and the same potential payout as
 * the sale (game/potential-payout.ts, borlette_sell), from the POS configuration, so that the agent
 * sees the problem before sending. The server decides in the end.
 */
import type { PosConfig } from '@borlette/shared/contracts/sale';
import type { Primes } from '@borlette/shared/game/payout';
import { type CeilingBreach, type DrawSnapshot, ticketCeilingBreach } from '@borlette/shared/game/potential-payout';
import { type DraftLine, freeMariagesPerDraw, perDrawAmount } from './ticket';

type ConfigBounds = Pick<PosConfig, 'intervals'> &
  Partial<Pick<PosConfig, 'ceilings' | 'bolet_cumulative' | 'free_mariage_amount' | 'draw_primes'>>;

/** The primes of a draw as the pure rules read them. */
export function primesOf(p: PosConfig['draw_primes'][number]): Primes {
  return {
    20: { 1: p.bolet_1, 2: p.bolet_2, 3: p.bolet_3 },
    30: p.loto3,
    40: p.mariage,
    41: p.loto4_o1,
    42: p.loto4_o2,
    43: p.loto4_o3,
    51: p.loto5_o1,
    52: p.loto5_o2,
    53: p.loto5_o3,
  };
}

export interface DraftBreach {
  breach: CeilingBreach;
  /** The draft line to point at (a stake over the maximum). */
  lineId: number | null;
}

/**
 * The first bound the draft passes, in the sale's order, or null. Without the primes of every chosen
 * draw (an older server), the payout is left to the server.
 */
export function draftBreach(lines: readonly DraftLine[], tirages: readonly number[], config: ConfigBounds) {
  if (!config.ceilings || lines.length === 0) return null;
  const free = freeMariagesPerDraw(perDrawAmount(lines), config.intervals);
  const byId = new Map((config.draw_primes ?? []).map((p) => [p.tirage_id, p]));
  const known = tirages.map((id) => byId.get(id));
  const draws: number | DrawSnapshot[] = known.every((p) => p !== undefined)
    ? known.map((p) => ({ primes: primesOf(p), freeMariages: free }))
    : tirages.length;
  const breach = ticketCeilingBreach(
    lines.map((l) => ({ code: l.bet.code, stake: l.bet.stake })),
    draws,
    config.ceilings,
    { boletCumulative: config.bolet_cumulative ?? true, freeMariageAmount: config.free_mariage_amount },
  );
  if (!breach) return null;
  return { breach, lineId: breach.kind === 'stake' ? (lines[breach.line]?.id ?? null) : null } satisfies DraftBreach;
}
