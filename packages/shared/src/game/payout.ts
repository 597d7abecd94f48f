/**
 * Winnings of a bet line against the lots of its draw (docs/domain.md « Bet types »). Money is integer
 * centimes; stake × prime is computed with BigInt and must stay a safe integer.
 */
import { type BetCode, betType, mariageBalls, normaliseNumber } from './bets';
import { assertNonNegativeInteger, GameError } from './errors';
import {
  assertMapping,
  DEFAULT_LOTO4_OPTIONS,
  DEFAULT_LOTO5_OPTIONS,
  type LotPosition,
  type Lots,
  lotList,
  type OptionMapping,
  optionNumbers,
} from './lots';

/** Bolet multipliers per lot position (1er, 2e, 3e lot). */
export type BoletPrimes = Readonly<Record<LotPosition, number>>;

/** The prime snapshot stored on a line at sale time: integer multipliers per code; bolet per lot position. */
export interface Primes {
  readonly 20?: BoletPrimes;
  readonly 30?: number;
  readonly 40?: number;
  readonly 41?: number;
  readonly 42?: number;
  readonly 43?: number;
  readonly 51?: number;
  readonly 52?: number;
  readonly 53?: number;
}

/** Official / common defaults (docs/domain.md). Company settings: never rely on them for a sold line. */
export const DEFAULT_PRIMES: Required<Primes> = Object.freeze({
  20: Object.freeze({ 1: 50, 2: 20, 3: 10 }),
  30: 500,
  40: 1000,
  41: 5000,
  42: 5000,
  43: 5000,
  51: 25000,
  52: 25000,
  53: 25000,
});

/** 1000 HTG in centimes: what a free mariage (code 44) pays when it hits. */
export const DEFAULT_FREE_MARIAGE_AMOUNT = 100_000;

export interface PayoutLine {
  readonly code: BetCode;
  readonly number: string;
  /** Centimes. */
  readonly stake: number;
  /** The snapshot stored on the line; when present it wins over `options.primes`. */
  readonly primes?: Primes;
}

export interface PayoutOptions {
  readonly primes?: Primes;
  /** A bolet hitting several lots is paid for each hit (default true), else for the best hit only. */
  readonly boletCumulative?: boolean;
  /** Centimes paid by a winning free mariage (default 100 000 = 1000 HTG). */
  readonly freeMariageAmount?: number;
  readonly loto4Mapping?: OptionMapping;
  readonly loto5Mapping?: OptionMapping;
}

function prime(primes: Primes | undefined, code: Exclude<BetCode, 20 | 44>): bigint {
  const value = primes?.[code];
  if (value === undefined) throw new GameError('invalid_prime', `Prime manquante pour le jeu ${code}`);
  assertNonNegativeInteger(value, 'invalid_prime', `La prime du jeu ${code}`);
  return BigInt(value);
}

function toSafe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new GameError('invalid_amount', 'Le gain dépasse le montant maximal représentable');
  }
  return Number(value);
}

/** True when both balls of a mariage are among the lots (a pair 45*45 needs 45 on two lots). */
export function mariageHits(number: string, lots: Lots): boolean {
  const [a, b] = mariageBalls(number);
  const pool = [...lotList(lots)];
  const i = pool.indexOf(a);
  if (i < 0) return false;
  pool.splice(i, 1);
  return pool.includes(b);
}

/** Lot positions a bolet number hits (possibly several: Pick 4 4545, bolet 45 -> [2, 3]). */
export function boletHits(number: string, lots: Lots): LotPosition[] {
  return lotList(lots).flatMap((lot, i) => (lot === number ? [(i + 1) as LotPosition] : []));
}

/** Winnings of one line, in centimes (0 when it loses). Throws GameError on an invalid line or prime. */
export function winningsForLine(line: PayoutLine, lots: Lots, options: PayoutOptions = {}): number {
  const number = normaliseNumber(line.code, line.number);
  const primes = line.primes ?? options.primes;
  assertNonNegativeInteger(line.stake, 'invalid_amount', 'La mise');
  const stake = BigInt(line.stake);
  const info = betType(line.code);

  switch (info.game) {
    case 'bolet': {
      const hits = boletHits(number, lots);
      if (hits.length === 0) return 0;
      const bolet = primes?.[20];
      if (!bolet) throw new GameError('invalid_prime', 'Primes du bolet manquantes');
      const wins = hits.map((p) => {
        assertNonNegativeInteger(bolet[p], 'invalid_prime', `La prime du bolet au lot ${p}`);
        return stake * BigInt(bolet[p]);
      });
      // BigInt: Math.max does not apply, so the best hit is the last of the sorted wins.
      const total =
        (options.boletCumulative ?? true)
          ? wins.reduce((s, w) => s + w, 0n)
          : wins.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[wins.length - 1]!;
      return toSafe(total);
    }
    case 'mariage':
      return mariageHits(number, lots) ? toSafe(stake * prime(primes, 40)) : 0;
    case 'mariageGratuit': {
      const amount = options.freeMariageAmount ?? DEFAULT_FREE_MARIAGE_AMOUNT;
      assertNonNegativeInteger(amount, 'invalid_amount', 'Le montant du mariage gratuit');
      return mariageHits(number, lots) ? amount : 0;
    }
    case 'loto3':
      return number === lots.loto3 ? toSafe(stake * prime(primes, 30)) : 0;
    case 'loto4':
    case 'loto5': {
      const digits = info.game === 'loto4' ? 4 : 5;
      const mapping =
        (info.game === 'loto4' ? options.loto4Mapping : options.loto5Mapping) ??
        (info.game === 'loto4' ? DEFAULT_LOTO4_OPTIONS : DEFAULT_LOTO5_OPTIONS);
      assertMapping(mapping, digits);
      const winning = optionNumbers(lots, mapping)[info.option!];
      return number === winning ? toSafe(stake * prime(primes, line.code as Exclude<BetCode, 20 | 44>)) : 0;
    }
  }
}

/** Sum of the winnings of a ticket's lines for one draw, in centimes. */
export function ticketWinnings(lines: readonly PayoutLine[], lots: Lots, options: PayoutOptions = {}): number {
  return toSafe(lines.reduce((sum, l) => sum + BigInt(winningsForLine(l, lots, options)), 0n));
}

/** Sum of the stakes of a ticket's lines, in centimes. */
export function ticketStake(lines: readonly Pick<PayoutLine, 'stake'>[]): number {
  for (const l of lines) assertNonNegativeInteger(l.stake, 'invalid_amount', 'La mise');
  return toSafe(lines.reduce((sum, l) => sum + BigInt(l.stake), 0n));
}
