/**
 * Bet types by code (docs/domain.md « Bet types ») and the normalisation of a bet line.
 * Stakes are integer centimes.
 */
import { GameError } from './errors';
import type { LotoOption } from './lots';

export type Game = 'bolet' | 'mariage' | 'loto3' | 'loto4' | 'loto5' | 'mariageGratuit';

export interface BetTypeInfo {
  readonly game: Game;
  readonly label: string;
  /** Digits played (a mariage has 2 × 2). */
  readonly digits: number;
  /** Loto 4 / loto 5 option (1, 2 or 3). */
  readonly option?: LotoOption;
}

export const BET_TYPES = {
  20: { game: 'bolet', label: 'Bolet', digits: 2 },
  40: { game: 'mariage', label: 'Mariage', digits: 4 },
  30: { game: 'loto3', label: 'Loto 3', digits: 3 },
  41: { game: 'loto4', label: 'Loto 4 option 1', digits: 4, option: 1 },
  42: { game: 'loto4', label: 'Loto 4 option 2', digits: 4, option: 2 },
  43: { game: 'loto4', label: 'Loto 4 option 3', digits: 4, option: 3 },
  51: { game: 'loto5', label: 'Loto 5 option 1', digits: 5, option: 1 },
  52: { game: 'loto5', label: 'Loto 5 option 2', digits: 5, option: 2 },
  53: { game: 'loto5', label: 'Loto 5 option 3', digits: 5, option: 3 },
  44: { game: 'mariageGratuit', label: 'Mariage gratuit', digits: 4 },
} as const satisfies Record<number, BetTypeInfo>;

export type BetCode = keyof typeof BET_TYPES;
export const BET_CODES = Object.keys(BET_TYPES).map(Number) as BetCode[];

export function isBetCode(value: unknown): value is BetCode {
  return typeof value === 'number' && Object.hasOwn(BET_TYPES, value);
}

export function betType(code: BetCode): BetTypeInfo {
  return BET_TYPES[code];
}

/** The code of loto 4 / loto 5 option `option`. */
export function lotoCode(game: 'loto4' | 'loto5', option: LotoOption): BetCode {
  return ((game === 'loto4' ? 40 : 50) + option) as BetCode;
}

/** One bet line: the number as typed (normalised) and the stake in centimes. */
export interface Bet {
  readonly code: BetCode;
  readonly number: string;
  readonly stake: number;
}

const MARIAGE = /^\s*(\d{2})\s*\*\s*(\d{2})\s*$/;

/** '34*12' -> '12*34' (smaller ball first). Does not refuse '45*45' (see normaliseBet). */
export function normaliseMariage(value: string): string {
  const m = MARIAGE.exec(value);
  if (!m) {
    throw new GameError(
      'invalid_bet',
      `Un mariage se joue avec deux boules de 00 à 99, par exemple 12*34 (reçu « ${value} »)`,
    );
  }
  const [a, b] = [m[1]!, m[2]!];
  return a <= b ? `${a}*${b}` : `${b}*${a}`;
}

/** The two balls of a mariage number ('12*34' -> ['12', '34']), normalised. */
export function mariageBalls(value: string): [string, string] {
  const [a, b] = normaliseMariage(value).split('*');
  return [a!, b!];
}

export function isMariageGame(code: BetCode): boolean {
  return code === 40 || code === 44;
}

/** Validates `number` for `code` and returns it normalised (mariage smaller ball first). Throws GameError. */
export function normaliseNumber(code: BetCode, number: string): string {
  if (!isBetCode(code)) throw new GameError('invalid_bet', `Code de jeu inconnu : ${String(code)}`);
  const info = betType(code);
  if (isMariageGame(code)) return normaliseMariage(number);
  if (typeof number !== 'string' || !new RegExp(`^\\d{${info.digits}}$`).test(number)) {
    const range = info.game === 'bolet' ? ' (00 à 99)' : '';
    throw new GameError(
      'invalid_bet',
      `Un ${info.label.toLowerCase()} se joue avec ${info.digits} chiffres${range} (reçu « ${String(number)} »)`,
    );
  }
  return number;
}

/**
 * Validates a bet as sold and returns it normalised. Refuses a mariage with the same ball twice, a stake
 * that is not a positive integer of centimes (a free mariage, code 44, has a stake of 0 or more).
 */
export function normaliseBet(bet: Bet): Bet {
  const number = normaliseNumber(bet.code, bet.number);
  if (isMariageGame(bet.code)) {
    const [a, b] = mariageBalls(number);
    if (a === b) {
      throw new GameError('invalid_bet', `Un mariage ne peut pas avoir deux fois la même boule (« ${number} »)`);
    }
  }
  const { stake } = bet;
  if (!Number.isSafeInteger(stake)) {
    throw new GameError('invalid_amount', `La mise doit être un nombre entier de centimes (reçu ${String(stake)})`);
  }
  if (bet.code === 44 ? stake < 0 : stake <= 0) {
    throw new GameError('invalid_amount', 'La mise doit être positive');
  }
  return { code: bet.code, number, stake };
}
