/**
 * Parses what an agent types, one bet per line: `23 10` (bolet), `12*34 5` (mariage), `123 2` (loto 3),
 * `4567 o1 1` (loto 4 option 1), `12345 o2 3` (loto 5 option 2). Stakes may have 2 decimals, with a dot
 * or a comma (`12.50`, `12,50`), and become integer centimes: the string is parsed, never a float.
 */

import { parseAmountText } from '../amount-text';
import { type Bet, type BetCode, betType, lotoCode, mariageBalls } from './bets';
import { BetParseError, GameError } from './errors';
import type { LotoOption } from './lots';

export interface ParsedLine {
  /** 1-based line number in the text. */
  readonly line: number;
  readonly text: string;
  readonly bet: Bet;
}

export interface LineError {
  readonly line: number;
  readonly text: string;
  /** French, starts with « Ligne N : ». */
  readonly message: string;
}

export interface ParseResult {
  readonly bets: ParsedLine[];
  readonly errors: LineError[];
}

/** '12,50' -> 1250 centimes (amount-text.ts, the app's one reading). Throws GameError on anything else. */
export function parseAmount(text: string): number {
  const centimes = parseAmountText(text);
  if (centimes === null) {
    if (/^-\d+(?:[.,]\d*)?$/.test(text.trim())) throw new GameError('invalid_amount', 'la mise doit être positive');
    if (/^\d+[.,]\d{3,}$/.test(text.trim())) {
      throw new GameError('invalid_amount', `la mise « ${text} » a plus de 2 décimales`);
    }
    if (/^\d+(?:[.,]\d{1,2})?$/.test(text.trim())) {
      throw new GameError('invalid_amount', `la mise « ${text} » est trop élevée`);
    }
    throw new GameError('invalid_amount', `la mise « ${text} » n’est pas un montant valide`);
  }
  return centimes;
}

/** 1250 -> '12.50', 1000 -> '10'. */
export function formatAmount(centimes: number): string {
  if (!Number.isSafeInteger(centimes) || centimes < 0) {
    throw new GameError('invalid_amount', `Montant invalide : ${String(centimes)}`);
  }
  const units = Math.floor(centimes / 100);
  const rest = centimes % 100;
  return rest === 0 ? String(units) : `${units}.${String(rest).padStart(2, '0')}`;
}

type Kind = { game: 'bolet' | 'mariage' | 'loto3' } | { game: 'loto4' | 'loto5' };

/** Parses one line into a normalised bet. Throws BetParseError (« Ligne N : … »). */
export function parseBetLine(text: string, line = 1): Bet {
  const fail = (reason: string): never => {
    throw new BetParseError(line, text, reason);
  };
  const unknown = () => fail(`« ${text.trim()} » n’est pas un pari reconnu`);
  const tokens = text
    .trim()
    .replace(/\s*\*\s*/g, '*')
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0) return fail('la ligne est vide');
  if (tokens.length > 3) return unknown();
  const [numberToken, ...rest] = tokens as [string, ...string[]];

  let kind: Kind;
  if (/^\d{2}$/.test(numberToken)) kind = { game: 'bolet' };
  else if (/^\d$/.test(numberToken)) return fail(`un bolet se joue de 00 à 99, avec 2 chiffres (« ${numberToken} »)`);
  else if (/^\d{3}$/.test(numberToken)) kind = { game: 'loto3' };
  else if (/^\d{4}$/.test(numberToken)) kind = { game: 'loto4' };
  else if (/^\d{5}$/.test(numberToken)) kind = { game: 'loto5' };
  else if (/^\d{2}\*\d{2}$/.test(numberToken)) kind = { game: 'mariage' };
  else if (/^\d+\*\d+$/.test(numberToken)) {
    return fail(`un mariage se joue avec deux boules de 00 à 99, par exemple 12*34 (« ${numberToken} »)`);
  } else return unknown();

  const isOption = (t: string | undefined) => t !== undefined && /^o[123]$/i.test(t);
  let option: LotoOption | undefined;
  let stakeToken: string | undefined;
  if (rest.length === 2) {
    if (!isOption(rest[0])) return unknown();
    option = Number(rest[0]!.slice(1)) as LotoOption;
    stakeToken = rest[1];
  } else if (isOption(rest[0])) {
    option = Number(rest[0]!.slice(1)) as LotoOption;
  } else {
    stakeToken = rest[0];
  }

  const lotoGame = kind.game === 'loto4' || kind.game === 'loto5' ? kind.game : undefined;
  if (lotoGame && option === undefined) {
    return fail(`l’option (o1, o2 ou o3) est obligatoire pour un ${lotoGame === 'loto4' ? 'loto 4' : 'loto 5'}`);
  }
  if (!lotoGame && option !== undefined) return fail('l’option n’existe que pour le loto 4 et le loto 5');
  if (stakeToken === undefined) return fail(`la mise est manquante pour « ${numberToken} »`);
  if (isOption(stakeToken)) return unknown();

  let stake: number;
  try {
    stake = parseAmount(stakeToken);
  } catch (e) {
    return fail(e instanceof GameError ? e.message : String(e));
  }
  if (stake <= 0) return fail('la mise doit être positive');

  let code: BetCode;
  let number = numberToken;
  if (lotoGame) code = lotoCode(lotoGame, option!);
  else if (kind.game === 'mariage') {
    const [a, b] = mariageBalls(numberToken);
    if (a === b) return fail(`un mariage ne peut pas avoir deux fois la même boule (« ${numberToken} »)`);
    code = 40;
    number = `${a}*${b}`;
  } else code = kind.game === 'bolet' ? 20 : 30;
  return { code, number, stake };
}

/** Parses a whole ticket, one bet per line; blank lines are skipped. Collects every error. */
export function parseBets(text: string): ParseResult {
  const bets: ParsedLine[] = [];
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      bets.push({ line: i + 1, text: raw, bet: parseBetLine(raw, i + 1) });
    } catch (e) {
      if (!(e instanceof BetParseError)) throw e;
      errors.push({ line: e.line, text: e.text, message: e.message });
    }
  });
  return { bets, errors };
}

/** The line an agent would type for `bet` (inverse of parseBetLine). A free mariage is never typed. */
export function formatBet(bet: Bet): string {
  const info = betType(bet.code);
  if (info.game === 'mariageGratuit') {
    throw new GameError('invalid_bet', 'Un mariage gratuit est généré, il ne se saisit pas');
  }
  const option = info.option ? ` o${info.option}` : '';
  return `${bet.number}${option} ${formatAmount(bet.stake)}`;
}
