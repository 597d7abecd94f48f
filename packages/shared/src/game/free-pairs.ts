/**
 * Free mariages (domain.md « Free mariage »): how many a ticket earns, and drawing them at random.
 * The random source is injectable so tests are deterministic; the default is crypto-based.
 */
import { normaliseMariage } from './bets';
import { assertNonNegativeInteger, GameError } from './errors';

export interface FreePairInterval {
  /** Ticket amount per draw, centimes, inclusive. */
  readonly min: number;
  /** Inclusive; null = no upper bound. Store "50-99 HTG" as 5000-9999 so 99.50 HTG is covered. */
  readonly max: number | null;
  readonly count: number;
}

export interface DrawFreePairsOptions {
  /** Blocked balls ('12'); a blocked mariage ('12*34', any order) is also honoured. */
  readonly blocked: ReadonlySet<string>;
  /** Pairs already on the ticket ('12*34', any order): never drawn again. */
  readonly exclude?: ReadonlySet<string>;
  /** Uniform in [0, 1). */
  readonly random?: () => number;
}

/** A crypto-based uniform number in [0, 1). */
export function cryptoRandom(): number {
  const [value] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value! / 2 ** 32;
}

const BALLS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

function normaliseAll(values: ReadonlySet<string> | undefined): Set<string> {
  const out = new Set<string>();
  for (const v of values ?? []) {
    if (v.includes('*')) out.add(normaliseMariage(v));
  }
  return out;
}

/**
 * Draws `count` free pairs 'aa*bb' (two different balls 00-99, smaller first, no duplicate, no blocked
 * ball, none of `exclude`). Throws a GameError when not enough pairs are available.
 */
export function drawFreePairs(count: number, options: DrawFreePairsOptions): string[] {
  assertNonNegativeInteger(count, 'free_pairs', 'Le nombre de mariages gratuits');
  const random = options.random ?? cryptoRandom;
  const blockedPairs = normaliseAll(options.blocked);
  const excluded = normaliseAll(options.exclude);
  const balls = BALLS.filter((b) => !options.blocked.has(b));
  const available: string[] = [];
  for (let i = 0; i < balls.length; i++) {
    for (let j = i + 1; j < balls.length; j++) {
      const pair = `${balls[i]}*${balls[j]}`;
      if (!blockedPairs.has(pair) && !excluded.has(pair)) available.push(pair);
    }
  }
  if (count > available.length) {
    throw new GameError(
      'free_pairs',
      `Impossible de tirer ${count} mariage(s) gratuit(s) : seulement ${available.length} paire(s) disponible(s)`,
    );
  }
  // Partial Fisher-Yates: the first `count` slots end up a uniform sample without repetition.
  for (let k = 0; k < count; k++) {
    const r = random();
    if (!(r >= 0 && r < 1))
      throw new GameError('free_pairs', 'Le générateur aléatoire doit rendre un nombre dans [0, 1)');
    const pick = k + Math.floor(r * (available.length - k));
    [available[k], available[pick]] = [available[pick]!, available[k]!];
  }
  return available.slice(0, count);
}

/** Number of free pairs a ticket amount (centimes) earns; 0 outside every interval; the largest if several match. */
export function freePairsForAmount(amount: number, intervals: readonly FreePairInterval[]): number {
  assertNonNegativeInteger(amount, 'invalid_amount', 'Le montant du ticket');
  let best = 0;
  for (const { min, max, count } of intervals) {
    assertNonNegativeInteger(min, 'invalid_amount', 'Le minimum de l’intervalle');
    if (max !== null) assertNonNegativeInteger(max, 'invalid_amount', 'Le maximum de l’intervalle');
    assertNonNegativeInteger(count, 'invalid_amount', 'Le nombre de mariages gratuits de l’intervalle');
    if (max !== null && max < min) {
      throw new GameError(
        'invalid_amount',
        `Intervalle invalide : le maximum (${max}) est inférieur au minimum (${min})`,
      );
    }
    if (amount >= min && (max === null || amount <= max) && count > best) best = count;
  }
  return best;
}
