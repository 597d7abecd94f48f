/**
 * The typed error of the pure borlette rules. `message` is in French and can be shown to people as is;
 * `code` lets callers branch without parsing the text.
 */

export type GameErrorCode =
  | 'invalid_result'
  | 'invalid_mapping'
  | 'invalid_bet'
  | 'invalid_prime'
  | 'invalid_amount'
  | 'parse'
  | 'free_pairs';

export class GameError extends Error {
  readonly code: GameErrorCode;

  constructor(code: GameErrorCode, message: string) {
    super(message);
    this.name = 'GameError';
    this.code = code;
  }
}

/** A line the agent typed that is not a valid bet. `line` is 1-based; the message starts with « Ligne N : ». */
export class BetParseError extends GameError {
  readonly line: number;
  readonly text: string;

  constructor(line: number, text: string, reason: string) {
    super('parse', `Ligne ${line} : ${reason}`);
    this.name = 'BetParseError';
    this.line = line;
    this.text = text;
  }
}

/** Throws a GameError unless `value` is a safe, non-negative integer (money in centimes, multipliers, counts). */
export function assertNonNegativeInteger(value: number, code: GameErrorCode, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new GameError(code, `${what} doit être un nombre entier positif ou nul (reçu ${String(value)})`);
  }
}
