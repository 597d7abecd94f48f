/**
 * What the agent types in the sale input, read with the shared rules (parseBetLine / parseBets):
 * « 23 10 », « 12*34 5 », « 123 2 », « 4567 o1 1 ». One bet per Enter; several bets separated by « ; »
 * (or a pasted block of lines) add every valid bet and leave the others in the input with their errors.
 */
import type { Bet } from '@borlette/shared/game/bets';
import { BetParseError } from '@borlette/shared/game/errors';
import { parseBetLine, parseBets } from '@borlette/shared/game/parse';

export type EntryError =
  /** A French message of the shared parser. */
  | { kind: 'parse'; message: string }
  /** A game the company does not sell now (loto option disabled or blocked). */
  | { kind: 'notOffered'; code: number; number: string; line?: number };

export interface EntryResult {
  bets: Bet[];
  errors: EntryError[];
  /** What stays in the input: '' when everything was added. */
  rest: string;
}

/** « Ligne 1 : la mise est manquante » -> « La mise est manquante » (one line: the number is noise). */
export function withoutLinePrefix(message: string): string {
  const text = message.replace(/^Ligne \d+ : /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Several bets in one input: « Ligne 2 : … » names the second bet: « Pari 2 : … ». */
function betPrefix(message: string): string {
  return message.replace(/^Ligne (\d+) : /, 'Pari $1 : ');
}

/** Bets are separated by new lines or « ; » (never part of a bet: decimals use « , » or « . »). */
export const SEPARATOR = /\r?\n|;/;

function offeredCheck(bet: Bet, offered: readonly number[] | null | undefined, line?: number): EntryError | null {
  if (!offered || offered.includes(bet.code)) return null;
  return { kind: 'notOffered', code: bet.code, number: bet.number, line };
}

/**
 * Reads the input. `offered`: the codes the company sells now (config.codes); null = not checked.
 * An empty input gives nothing and no error.
 */
export function parseEntry(text: string, offered?: readonly number[] | null): EntryResult {
  const lines = text.split(SEPARATOR).filter((l) => l.trim() !== '');
  if (lines.length === 0) return { bets: [], errors: [], rest: '' };
  if (lines.length === 1) {
    try {
      const bet = parseBetLine(lines[0]!);
      const refused = offeredCheck(bet, offered);
      return refused ? { bets: [], errors: [refused], rest: text.trim() } : { bets: [bet], errors: [], rest: '' };
    } catch (error) {
      if (!(error instanceof BetParseError)) throw error;
      return { bets: [], errors: [{ kind: 'parse', message: withoutLinePrefix(error.message) }], rest: text.trim() };
    }
  }
  const parsed = parseBets(lines.join('\n'));
  const bets: Bet[] = [];
  const errors: EntryError[] = parsed.errors.map((e) => ({ kind: 'parse', message: betPrefix(e.message) }));
  const kept = new Set(parsed.errors.map((e) => e.line));
  for (const p of parsed.bets) {
    const refused = offeredCheck(p.bet, offered, p.line);
    if (refused) {
      errors.push(refused);
      kept.add(p.line);
    } else bets.push(p.bet);
  }
  const rest = lines
    .filter((_, i) => kept.has(i + 1))
    .map((l) => l.trim())
    .join(' ; ');
  return { bets, errors, rest };
}
