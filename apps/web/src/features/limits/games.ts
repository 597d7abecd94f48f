import { BET_TYPES } from '@borlette/shared/game/bets';

/** The codes sold (44, the free mariage, is generated, never sold), in the order of the forms. */
export const GAME_CODES = [20, 40, 30, 41, 42, 43, 51, 52, 53] as const;
export type GameCode = (typeof GAME_CODES)[number];

export const isGameCode = (v: unknown): v is GameCode => GAME_CODES.includes(Number(v) as GameCode);

/** Digits a number of this game has (a mariage: two balls of 2). */
export const gameDigits = (code: GameCode): number => (code === 40 ? 2 : BET_TYPES[code].digits);

export type NumberProblem = 'required' | 'digits' | 'mariage' | 'sameBall';

/**
 * A number as typed for a game, normalised (mariage: smaller ball first, so « 34*12 » is « 12*34 »),
 * or why it is refused. Mirrors normaliseNumber of the shared game rules, with reasons the form
 * translates.
 */
export function checkGameNumber(
  code: GameCode,
  raw: string,
): { ok: true; value: string } | { ok: false; problem: NumberProblem } {
  const v = raw.replace(/\s+/g, '');
  if (!v) return { ok: false, problem: 'required' };
  if (code === 40) {
    const m = /^(\d{2})[*x×-](\d{2})$/i.exec(v);
    if (!m) return { ok: false, problem: 'mariage' };
    const [a, b] = [m[1], m[2]];
    if (a === b) return { ok: false, problem: 'sameBall' };
    return { ok: true, value: a < b ? `${a}*${b}` : `${b}*${a}` };
  }
  if (!new RegExp(`^\\d{${gameDigits(code)}}$`).test(v)) return { ok: false, problem: 'digits' };
  return { ok: true, value: v };
}

/** An example number of the game, for placeholders. */
export const GAME_EXAMPLE: Record<GameCode, string> = {
  20: '23',
  40: '12*34',
  30: '123',
  41: '4567',
  42: '2345',
  43: '2367',
  51: '12345',
  52: '12367',
  53: '34567',
};
