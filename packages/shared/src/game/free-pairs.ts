/**
 * Free mariages (docs/domain.md « Free mariage »): how many a ticket earns, and drawing them at random.
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

const POOL = new Uint32Array(256);
let poolAt = POOL.length;

/** A crypto-based uniform number in [0, 1) (random words fetched 256 at a time: one call per sale). */
export function cryptoRandom(): number {
  if (poolAt >= POOL.length) {
    globalThis.crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  return POOL[poolAt++]! / 2 ** 32;
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
  const next = () => {
    const r = random();
    if (!(r >= 0 && r < 1))
      throw new GameError('free_pairs', 'Le générateur aléatoire doit rendre un nombre dans [0, 1)');
    return r;
  };
  const blockedPairs = normaliseAll(options.blocked);
  const excluded = normaliseAll(options.exclude);
  const balls = BALLS.filter((b) => !options.blocked.has(b));
  return sampleFew(count, balls, blockedPairs, excluded, next) ?? sampleAll(count, balls, blockedPairs, excluded, next);
}

/**
 * The usual case (a few pairs among thousands): two uniform balls, rejected when equal, blocked,
 * excluded or already drawn — uniform over the available pairs without listing them (the sale's hot
 * path). Null when rejections pile up (few pairs left): sampleAll then decides.
 */
function sampleFew(
  count: number,
  balls: string[],
  blockedPairs: Set<string>,
  excluded: Set<string>,
  next: () => number,
): string[] | null {
  if (count > 32 || balls.length < 2) return null;
  const drawn = new Set<string>();
  for (let attempts = 0; drawn.size < count; attempts++) {
    if (attempts >= 64 + 16 * count) return null;
    const i = Math.floor(next() * balls.length);
    const j = Math.floor(next() * balls.length);
    if (i === j) continue;
    const pair = i < j ? `${balls[i]}*${balls[j]}` : `${balls[j]}*${balls[i]}`;
    if (!blockedPairs.has(pair) && !excluded.has(pair)) drawn.add(pair);
  }
  return [...drawn];
}

/** Lists every available pair, then a partial Fisher-Yates: a uniform sample without repetition. */
function sampleAll(
  count: number,
  balls: string[],
  blockedPairs: Set<string>,
  excluded: Set<string>,
  next: () => number,
): string[] {
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
  for (let k = 0; k < count; k++) {
    const pick = k + Math.floor(next() * (available.length - k));
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
