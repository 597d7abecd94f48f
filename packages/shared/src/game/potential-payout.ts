/**
 * What one ticket may be (issue 15): its lines, draws, stake per line and potential payout are
 * bounded by company settings under the platform's ceilings (contracts/company-settings.ts). The
 * potential payout is every line winning its best prize on every draw, with the prime snapshot the
 * sale takes; `borlette_sell` (migration 0009) computes the same figure in SQL and refuses past it.
 * BigInt: the figure of a hostile ticket may pass 2^53 before it is refused.
 */
import type { BetCode } from './bets';
import { assertNonNegativeInteger, GameError } from './errors';
import { DEFAULT_FREE_MARIAGE_AMOUNT, type Primes } from './payout';

/** One line as sold: code and stake in centimes (a free mariage, code 44, has stake 0). */
export interface CeilingLine {
  readonly code: BetCode;
  readonly stake: number;
}

/** One draw of the ticket: the primes its lines take there, and the free mariages it earned there. */
export interface DrawSnapshot {
  readonly primes: Primes;
  readonly freeMariages?: number;
}

export interface PayoutRules {
  /** A bolet hitting several lots is paid for each hit (the company's setting, default true). */
  readonly boletCumulative?: boolean;
  /** Centimes a winning free mariage pays (default 1000 HTG). */
  readonly freeMariageAmount?: number;
}

function multiplier(value: number | undefined, code: BetCode): bigint {
  if (value === undefined) throw new GameError('invalid_prime', `Prime manquante pour le jeu ${code}`);
  assertNonNegativeInteger(value, 'invalid_prime', `La prime du jeu ${code}`);
  return BigInt(value);
}

/**
 * The most one line can win on one draw, in centimes. A bolet may hit the three lots at once (Pick 3
 * 145 and Pick 4 4545 make 45 every lot): cumulative, it wins the three primes; else its best one.
 */
export function bestWinForLine(line: CeilingLine, primes: Primes, rules: PayoutRules = {}): bigint {
  assertNonNegativeInteger(line.stake, 'invalid_amount', 'La mise');
  const stake = BigInt(line.stake);
  if (line.code === 44) {
    const amount = rules.freeMariageAmount ?? DEFAULT_FREE_MARIAGE_AMOUNT;
    assertNonNegativeInteger(amount, 'invalid_amount', 'Le montant du mariage gratuit');
    return BigInt(amount);
  }
  if (line.code === 20) {
    const bolet = primes[20];
    if (!bolet) throw new GameError('invalid_prime', 'Primes du bolet manquantes');
    const [p1, p2, p3] = [bolet[1], bolet[2], bolet[3]].map((v) => multiplier(v, 20)) as [bigint, bigint, bigint];
    if (rules.boletCumulative ?? true) return stake * (p1 + p2 + p3);
    return stake * BigInt(Math.max(Number(p1), Number(p2), Number(p3)));
  }
  return stake * multiplier(primes[line.code], line.code);
}

/**
 * The ticket's potential payout: for each draw, the sum over its lines of their best win, plus the
 * free mariages it earned on that draw at their fixed amount.
 */
export function potentialPayout(
  lines: readonly CeilingLine[],
  draws: readonly DrawSnapshot[],
  rules: PayoutRules = {},
): bigint {
  let total = 0n;
  for (const draw of draws) {
    for (const line of lines) total += bestWinForLine(line, draw.primes, rules);
    const free = draw.freeMariages ?? 0;
    assertNonNegativeInteger(free, 'invalid_amount', 'Le nombre de mariages gratuits');
    if (free > 0) total += BigInt(free) * bestWinForLine({ code: 44, stake: 0 }, draw.primes, rules);
  }
  return total;
}

/** The company's bounds (company_settings; centimes for the amounts). */
export interface TicketCeilings {
  readonly ticket_max_lines: number;
  readonly ticket_max_draws: number;
  readonly line_max_stake: number;
  readonly ticket_max_payout: number;
}

export type CeilingBreach =
  | { readonly kind: 'lines'; readonly max: number }
  | { readonly kind: 'draws'; readonly max: number }
  /** `line` is the 0-based index of the first line over the stake bound. */
  | { readonly kind: 'stake'; readonly line: number; readonly max: number }
  | { readonly kind: 'payout'; readonly payout: bigint; readonly max: number };

/**
 * The first bound a ticket passes, in the sale's order (lines, draws, stake per line, then payout),
 * or null. `draws` is a count when the primes are not known (the payout is then not checked).
 */
export function ticketCeilingBreach(
  lines: readonly CeilingLine[],
  draws: number | readonly DrawSnapshot[],
  ceilings: TicketCeilings,
  rules: PayoutRules = {},
): CeilingBreach | null {
  const drawCount = typeof draws === 'number' ? draws : draws.length;
  if (lines.length > ceilings.ticket_max_lines) return { kind: 'lines', max: ceilings.ticket_max_lines };
  if (drawCount > ceilings.ticket_max_draws) return { kind: 'draws', max: ceilings.ticket_max_draws };
  const over = lines.findIndex((l) => l.stake > ceilings.line_max_stake);
  if (over >= 0) return { kind: 'stake', line: over, max: ceilings.line_max_stake };
  if (typeof draws === 'number') return null;
  const payout = potentialPayout(lines, draws, rules);
  return payout > BigInt(ceilings.ticket_max_payout)
    ? { kind: 'payout', payout, max: ceilings.ticket_max_payout }
    : null;
}

/** 10000000 -> '100 000,00' (the sale's refusals write amounts so). */
export function frenchAmount(centimes: bigint | number): string {
  const c = BigInt(centimes);
  const units = (c / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${units},${(c % 100n).toString().padStart(2, '0')}`;
}

/** The French message of a breach, as the sale answers it. */
export function ceilingMessage(breach: CeilingBreach, currency: string): string {
  switch (breach.kind) {
    case 'lines':
      return `La fiche dépasse ${breach.max} paris (maximum de la compagnie).`;
    case 'draws':
      return `La fiche dépasse ${breach.max} tirages (maximum de la compagnie).`;
    case 'stake':
      return `Ligne ${breach.line + 1} : la mise dépasse le maximum de ${frenchAmount(breach.max)} ${currency} par pari.`;
    case 'payout':
      return (
        `Gain possible de la fiche : ${frenchAmount(breach.payout)} ${currency}, supérieur au maximum de ` +
        `${frenchAmount(breach.max)} ${currency} par fiche. Réduisez les mises, les paris ou les tirages.`
      );
  }
}
