/**
 * Blocked balls flagged as the agent types (issue 16), by the rule the sale applies (borlette_sell):
 * a block catches a bet of the same number, and a mariage holding the blocked ball on either side;
 * a block without a draw holds on every draw. The sale still decides (a block may come after the
 * configuration was read).
 */
import type { PosConfig } from '@borlette/shared/contracts/sale';
import type { Bet } from '@borlette/shared/game/bets';
import type { DraftLine } from './ticket';

export type BlockedBall = PosConfig['blocked_balls'][number];

export interface BlockedHit {
  /** The ball blocked (the bet's number, or one ball of a mariage). */
  number: string;
  /** The chosen draws it is blocked on, in the order given; [] when no draw is chosen yet. */
  tirageIds: number[];
}

/** The balls of `bet` blocked on the chosen draws (every block without a draw counts before one is chosen). */
export function blockedHits(
  bet: Pick<Bet, 'code' | 'number'>,
  tirages: readonly number[],
  blocks: readonly BlockedBall[],
): BlockedHit[] {
  const balls = bet.code === 40 ? [bet.number, ...bet.number.split('*')] : [bet.number];
  const hits = new Map<string, Set<number>>();
  for (const b of blocks) {
    if (!balls.includes(b.number)) continue;
    const on = b.tirage_id === null ? tirages : tirages.filter((t) => t === b.tirage_id);
    if (on.length === 0 && !(b.tirage_id === null && tirages.length === 0)) continue;
    const set = hits.get(b.number) ?? new Set<number>();
    for (const t of on) set.add(t);
    hits.set(b.number, set);
  }
  return [...hits].map(([number, set]) => ({ number, tirageIds: tirages.filter((t) => set.has(t)) }));
}

/** Every draft line with a blocked ball -> its hits (the lines to flag, the sale to hold back). */
export function blockedLines(
  lines: readonly DraftLine[],
  tirages: readonly number[],
  blocks: readonly BlockedBall[] | undefined,
): Map<number, BlockedHit[]> {
  const out = new Map<number, BlockedHit[]>();
  if (!blocks?.length) return out;
  for (const line of lines) {
    const hits = blockedHits(line.bet, tirages, blocks);
    if (hits.length > 0) out.set(line.id, hits);
  }
  return out;
}

/**
 * The number being typed in the sale input (its last bet, before « ; »), as soon as it is whole —
 * the stake need not be there yet: « 12 », « 12*34 5 », « 4567 o1 ». Null while it is not a number.
 */
export function typedNumber(text: string): Pick<Bet, 'code' | 'number'> | null {
  const segment = text.split(/\r?\n|;/).pop() ?? '';
  const token =
    segment
      .trim()
      .replace(/\s*\*\s*/g, '*')
      .split(/\s+/)[0] ?? '';
  const pair = /^(\d{2})\*(\d{2})$/.exec(token);
  if (pair) {
    const [a, b] = [pair[1], pair[2]].sort();
    return { code: 40, number: `${a}*${b}` };
  }
  // Any other game: the block is on the number itself (the code only matters for a mariage).
  return /^\d{2,5}$/.test(token) ? { code: 20, number: token } : null;
}
