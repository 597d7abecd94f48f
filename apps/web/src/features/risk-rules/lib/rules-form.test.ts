import { RISK_RULES_DEFAULTS, riskRulesInput } from '@borlette/shared/contracts/risk-rules';
import { describe, expect, it } from 'vitest';
import { parseBalls, parseDigits, parsePercent, toForm, toInput } from './rules-form';

describe('risk rules form', () => {
  const view = { ...RISK_RULES_DEFAULTS, updated_at: null };

  it('reads back what it shows (defaults and a full set), and the server contract accepts it', () => {
    const full = {
      ...view,
      share_on: true,
      share_bp: 1250,
      share_floor: 123_450,
      share_games: ['bolet', 'loto3'] as ('bolet' | 'loto3')[],
      late_on: true,
      late_factor_bp: null,
      late_amount: 50_000,
      date_on: true,
      date_amount: 1_000_000_000,
      digit_on: true,
      digit_block: true,
      digits: '07',
      pair_balls: ['12', '34'],
    };
    for (const v of [view, full])
      for (const lang of ['fr', 'en']) {
        const out = toInput(toForm(v, lang));
        if (!out.input) throw new Error(JSON.stringify(out.errors));
        const { updated_at: _u, ...expected } = v;
        expect(out.input).toEqual({ ...expected, late_factor_bp: v.late_amount === null ? 5000 : null });
        expect(riskRulesInput.safeParse(out.input).success).toBe(true);
      }
  });

  it('names the fields it cannot read', () => {
    const f = {
      ...toForm(view),
      date_on: true,
      date_amount: '',
      share_percent: '150',
      pair_balls: '1 22',
      late_minutes: '0',
    };
    expect(toInput(f).errors).toEqual({
      date_amount: 'amount',
      share_percent: 'percent',
      pair_balls: 'balls',
      late_minutes: 'minutes',
    });
  });

  it('parses percents, balls and digits as people type them', () => {
    expect(parsePercent('12,5 %')).toBe(1250);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('100,01')).toBeNull();
    expect(parseBalls('12, 34;07 12')).toEqual(['12', '34', '07']);
    expect(parseBalls('7')).toBeNull();
    expect(parseDigits('7, 3 7')).toBe('37');
    expect(parseDigits('a')).toBeNull();
  });
});
