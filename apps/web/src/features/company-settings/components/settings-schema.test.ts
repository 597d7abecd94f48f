import { PLATFORM_CEILINGS } from '@borlette/shared/contracts/company-settings';
import { describe, expect, it } from 'vitest';
import { amountText, changedSettings, makeSettingsSchema, toForm } from './settings-schema';

const m = {
  integer: 'entier',
  range: (min: string, max: string) => `de ${min} à ${max}`,
  percent: 'pourcentage',
  amount: 'montant',
};
const schema = makeSettingsSchema(m);

const loaded = {
  company_id: 1,
  cancel_window_minutes: 10,
  sales_close_minutes: 5,
  payout_validity_days: 90,
  commission_bp: 1250,
  ticket_max_lines: 100,
  ticket_max_draws: 20,
  line_max_stake: 10_000_000,
  ticket_max_payout: 10_000_000_000,
  agents_pay_other_branches: true,
  terminal_approval: false,
  sale_location: false,
  credit_limit: null,
  credit_mode: 'ceiling' as const,
  exposure_warn_pct: 70,
  exposure_hot_pct: 90,
  updated_at: '2026-01-01T00:00:00Z',
};

describe('company settings form conversions', () => {
  it('shows centimes as HTG and basis points as a percent, and reads them back unchanged', () => {
    const form = toForm(loaded);
    expect(form).toMatchObject({
      line_max_stake: '100000,00',
      ticket_max_payout: '100000000,00',
      commission_percent: '12,5',
    });
    const v = schema.parse(form);
    expect(v.line_max_stake).toBe(10_000_000);
    expect(v.ticket_max_payout).toBe(10_000_000_000);
    expect(v.commission_percent).toBe(1250);
    expect(changedSettings(loaded, v)).toEqual({});
  });

  it('sends only what changed, in the API’s units', () => {
    const v = schema.parse({
      ...toForm(loaded),
      cancel_window_minutes: '15',
      line_max_stake: '2 500,50',
      commission_percent: '7.25',
      agents_pay_other_branches: false,
    });
    expect(changedSettings(loaded, v)).toEqual({
      cancel_window_minutes: 15,
      line_max_stake: 250_050,
      commission_bp: 725,
      agents_pay_other_branches: false,
    });
  });

  it('refuses what the server would refuse, with the bounds in the message', () => {
    const issue = (patch: Record<string, unknown>) => {
      const r = schema.safeParse({ ...toForm(loaded), ...patch });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(issue({ cancel_window_minutes: '1.5' })).toBe('entier');
    expect(issue({ cancel_window_minutes: '121' })).toBe('de 0 à 120');
    expect(issue({ payout_validity_days: '0' })).toBe('de 1 à 365');
    expect(issue({ ticket_max_lines: String(PLATFORM_CEILINGS.ticketLines + 1) })).toMatch(/^de 1 à 100$/);
    expect(issue({ line_max_stake: '10000000.01' })).toMatch(/^de 0,01 HTG à 10.000.000 HTG$/);
    expect(issue({ ticket_max_payout: 'abc' })).toBe('montant');
    expect(issue({ commission_percent: '100,01' })).toBe('pourcentage');
    expect(issue({ exposure_warn_pct: '0' })).toBe('de 1 à 99');
    expect(issue({ exposure_hot_pct: '101' })).toBe('de 2 à 100');
  });
});

describe('the bounds of an amount, in the company’s currency', () => {
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  it('writes the ceilings as the fields beside them: HTG by default, the company’s own otherwise', () => {
    expect(plain(amountText(PLATFORM_CEILINGS.lineStake))).toBe('10 000 000 HTG');
    expect(plain(amountText(1, 'HTG'))).toBe('0,01 HTG');
    // A USD company's « Mise maximale par ligne » field shows « USD »: its help said « 10 000 000 HTG ».
    expect(plain(amountText(PLATFORM_CEILINGS.lineStake, 'USD'))).toBe('10 000 000 USD');
    expect(amountText(123_450, 'USD', 'en')).toBe('1,234.50 USD');
  });

  it('says the range of an amount in that currency', () => {
    const usd = makeSettingsSchema(m, 'USD');
    const result = usd.safeParse({ ...toForm(loaded), line_max_stake: '10000000,01' });
    expect(result.success).toBe(false);
    const message = result.error?.issues.find((i) => i.path[0] === 'line_max_stake')?.message ?? '';
    expect(plain(message)).toBe('de 0,01 USD à 10 000 000 USD');
  });
});
