import type { RiskRulesInput, RiskRulesView, RuleGame } from '@borlette/shared/contracts/risk-rules';
import { centimesToInput, parseAmount } from '../../../lib/money';

/**
 * The rules form: what a person types (HTG amounts, percents, balls separated by spaces or commas) <->
 * what the API speaks (centimes, basis points, lists). Pure, unit-tested; the server checks again.
 */
export interface RulesForm {
  share_on: boolean;
  share_percent: string;
  share_floor: string;
  share_games: RuleGame[];
  late_on: boolean;
  late_minutes: string;
  late_mode: 'factor' | 'amount';
  late_percent: string;
  late_amount: string;
  date_on: boolean;
  date_block: boolean;
  date_amount: string;
  digit_on: boolean;
  digit_block: boolean;
  digit_amount: string;
  digits: string;
  pair_balls: string;
}

/** i18n keys of the form's own messages (riskRules:errors.*). */
export type FormErrorKey = 'amount' | 'percent' | 'minutes' | 'balls';

const percentText = (bp: number, language: string) => {
  const text = String(bp / 100);
  return language.startsWith('en') ? text : text.replace('.', ',');
};
const amountText = (c: number | null, language: string) => (c === null ? '' : centimesToInput(c, language));

export function toForm(v: RiskRulesView, language = 'fr'): RulesForm {
  return {
    share_on: v.share_on,
    share_percent: percentText(v.share_bp, language),
    share_floor: amountText(v.share_floor, language),
    share_games: [...v.share_games],
    late_on: v.late_on,
    late_minutes: String(v.late_minutes),
    late_mode: v.late_amount !== null && v.late_factor_bp === null ? 'amount' : 'factor',
    late_percent: percentText(v.late_factor_bp ?? 5000, language),
    late_amount: amountText(v.late_amount, language),
    date_on: v.date_on,
    date_block: v.date_block,
    date_amount: amountText(v.date_amount, language),
    digit_on: v.digit_on,
    digit_block: v.digit_block,
    digit_amount: amountText(v.digit_amount, language),
    digits: v.digits,
    pair_balls: v.pair_balls.join(' '),
  };
}

/** A percent typed (2 decimals at most, 0 to 100) as basis points; null when unreadable. */
export function parsePercent(text: string): number | null {
  const s = text.trim().replace(',', '.').replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  const bp = Math.round(Number(s) * 100);
  return bp <= 10_000 ? bp : null;
}

/** « 12, 34 07 » -> ['12', '34', '07']; null when one is not two digits. */
export function parseBalls(text: string): string[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.every((p) => /^\d{2}$/.test(p)) ? [...new Set(parts)] : null;
}

/** Digits typed in any order, with or without separators: '7, 3' -> '37'. */
export const parseDigits = (text: string): string | null => {
  const s = text.replace(/[\s,;]+/g, '');
  return /^\d*$/.test(s) ? [...new Set(s)].sort().join('') : null;
};

/**
 * The request of the form, or the fields that cannot be read. A field of a rule that is off is sent as
 * it was read when it is readable, else as its neutral value (the server needs the rules on only).
 */
export function toInput(
  f: RulesForm,
):
  | { input: RiskRulesInput; errors?: undefined }
  | { input?: undefined; errors: Partial<Record<keyof RulesForm, FormErrorKey>> } {
  const errors: Partial<Record<keyof RulesForm, FormErrorKey>> = {};
  const amount = (key: keyof RulesForm, needed: boolean, fallback: number | null) => {
    const text = String(f[key]).trim();
    if (!text) {
      if (needed) errors[key] = 'amount';
      return fallback;
    }
    const v = parseAmount(text);
    if (v === null) errors[key] = 'amount';
    return v ?? fallback;
  };
  const percent = (key: 'share_percent' | 'late_percent', fallback: number) => {
    const v = parsePercent(f[key]);
    if (v === null) errors[key] = 'percent';
    return v ?? fallback;
  };
  const minutes = /^\d{1,3}$/.test(f.late_minutes.trim()) ? Number(f.late_minutes.trim()) : null;
  if (minutes === null || minutes < 1 || minutes > 720) errors.late_minutes = 'minutes';
  const balls = parseBalls(f.pair_balls);
  if (balls === null) errors.pair_balls = 'balls';
  const digits = parseDigits(f.digits);
  if (digits === null) errors.digits = 'balls';
  const factor = f.late_mode === 'factor';
  const input: RiskRulesInput = {
    share_on: f.share_on,
    share_bp: Math.max(1, percent('share_percent', 1000)),
    share_floor: amount('share_floor', false, 0) ?? 0,
    share_games: f.share_games,
    late_on: f.late_on,
    late_minutes: minutes ?? 15,
    late_factor_bp: factor ? percent('late_percent', 5000) : null,
    late_amount: factor ? null : amount('late_amount', f.late_on, null),
    date_on: f.date_on,
    date_block: f.date_block,
    date_amount: amount('date_amount', f.date_on && !f.date_block, null),
    digit_on: f.digit_on,
    digit_block: f.digit_block,
    digit_amount: amount('digit_amount', f.digit_on && !f.digit_block, null),
    digits: digits ?? '',
    pair_balls: balls ?? [],
  };
  return Object.keys(errors).length ? { errors } : { input };
}
