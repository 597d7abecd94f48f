import {
  type CompanySettingsInput,
  type CompanySettingsView,
  SETTING_BOUNDS,
} from '@borlette/shared/contracts/company-settings';
import { bpToPercent, percentToBp } from '@borlette/shared/contracts/people';
import { z } from 'zod';
import { formatNumber } from '../../../lib/format';
import { centimesToInput, parseAmount } from '../../../lib/money';

/**
 * The settings form: what a person types (whole minutes and days, a percent with 2 decimals,
 * amounts in the company's currency) <-> what the API speaks (integers, basis points, centimes). Pure, unit-tested.
 */
export interface SettingsMessages {
  integer: string;
  range: (min: string, max: string) => string;
  percent: string;
  amount: string;
}

const SPACES = /[\s\u00a0\u202f]/g;

/** A whole number typed within [min, max] (spaces allowed as thousands separators). */
const wholeNumber = (
  m: SettingsMessages,
  key:
    | 'cancel_window_minutes'
    | 'sales_close_minutes'
    | 'payout_validity_days'
    | 'ticket_max_lines'
    | 'ticket_max_draws'
    | 'exposure_warn_pct'
    | 'exposure_hot_pct',
) => {
  const { min, max } = SETTING_BOUNDS[key];
  return z.string().transform((v, ctx) => {
    const s = v.replace(SPACES, '');
    if (!/^\d{1,9}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: m.integer });
      return z.NEVER;
    }
    const n = Number(s);
    if (n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: m.range(String(min), String(max)) });
      return z.NEVER;
    }
    return n;
  });
};

/** An amount typed (2 decimals at most), sent in centimes within the setting's bounds. */
const money = (m: SettingsMessages, key: 'line_max_stake' | 'ticket_max_payout', currency: string) => {
  const { min, max } = SETTING_BOUNDS[key];
  return z.string().transform((v, ctx) => {
    const centimes = parseAmount(v);
    if (centimes === null) {
      ctx.addIssue({ code: 'custom', message: m.amount });
      return z.NEVER;
    }
    if (centimes < min || centimes > max) {
      ctx.addIssue({ code: 'custom', message: m.range(amountText(min, currency), amountText(max, currency)) });
      return z.NEVER;
    }
    return centimes;
  });
};

/**
 * 100000 -> « 1 000 HTG » (the bounds in messages and help texts), with the currency code the fields
 * beside them show: the company's (a USD company read « 10 000 000 HTG » next to its « USD » field).
 */
export const amountText = (centimes: number, currency = 'HTG', language = 'fr') =>
  `${formatNumber(centimes / 100, language, {
    // Whole amounts without decimals (« 10 000 000 »), others with both (« 1 234,50 »).
    minimumFractionDigits: centimes % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })} ${currency}`;

export const makeSettingsSchema = (m: SettingsMessages, currency = 'HTG') =>
  z.object({
    cancel_window_minutes: wholeNumber(m, 'cancel_window_minutes'),
    sales_close_minutes: wholeNumber(m, 'sales_close_minutes'),
    payout_validity_days: wholeNumber(m, 'payout_validity_days'),
    commission_percent: z.string().transform((v, ctx) => {
      const s = v.trim().replace(',', '.');
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(s) || Number(s) > 100) {
        ctx.addIssue({ code: 'custom', message: m.percent });
        return z.NEVER;
      }
      return percentToBp(Number(s));
    }),
    ticket_max_lines: wholeNumber(m, 'ticket_max_lines'),
    ticket_max_draws: wholeNumber(m, 'ticket_max_draws'),
    line_max_stake: money(m, 'line_max_stake', currency),
    ticket_max_payout: money(m, 'ticket_max_payout', currency),
    agents_pay_other_branches: z.boolean(),
    terminal_approval: z.boolean(),
    sale_location: z.boolean(),
    /** Empty = no ceiling. */
    credit_limit: z.string().transform((v, ctx) => {
      if (v.trim() === '') return null;
      const centimes = parseAmount(v);
      if (centimes === null) {
        ctx.addIssue({ code: 'custom', message: m.amount });
        return z.NEVER;
      }
      return centimes;
    }),
    credit_mode: z.enum(['ceiling', 'prepaid']),
    // The order (« à surveiller » below « chaud ») is the server's check, shown on the field it names.
    exposure_warn_pct: wholeNumber(m, 'exposure_warn_pct'),
    exposure_hot_pct: wholeNumber(m, 'exposure_hot_pct'),
  });

export type SettingsForm = z.input<ReturnType<typeof makeSettingsSchema>>;
export type SettingsValues = z.output<ReturnType<typeof makeSettingsSchema>>;

/** The form's fields, and the API field each one's server error belongs to. */
export const FORM_FIELD_OF: Record<keyof CompanySettingsInput, keyof SettingsForm> = {
  cancel_window_minutes: 'cancel_window_minutes',
  sales_close_minutes: 'sales_close_minutes',
  payout_validity_days: 'payout_validity_days',
  commission_bp: 'commission_percent',
  ticket_max_lines: 'ticket_max_lines',
  ticket_max_draws: 'ticket_max_draws',
  line_max_stake: 'line_max_stake',
  ticket_max_payout: 'ticket_max_payout',
  agents_pay_other_branches: 'agents_pay_other_branches',
  terminal_approval: 'terminal_approval',
  sale_location: 'sale_location',
  credit_limit: 'credit_limit',
  credit_mode: 'credit_mode',
  exposure_warn_pct: 'exposure_warn_pct',
  exposure_hot_pct: 'exposure_hot_pct',
};

export function toForm(s: CompanySettingsView): SettingsForm {
  return {
    cancel_window_minutes: String(s.cancel_window_minutes),
    sales_close_minutes: String(s.sales_close_minutes),
    payout_validity_days: String(s.payout_validity_days),
    commission_percent: String(bpToPercent(s.commission_bp)).replace('.', ','),
    ticket_max_lines: String(s.ticket_max_lines),
    ticket_max_draws: String(s.ticket_max_draws),
    line_max_stake: centimesToInput(s.line_max_stake),
    ticket_max_payout: centimesToInput(s.ticket_max_payout),
    agents_pay_other_branches: s.agents_pay_other_branches,
    terminal_approval: s.terminal_approval,
    sale_location: s.sale_location,
    credit_limit: s.credit_limit === null ? '' : centimesToInput(s.credit_limit),
    credit_mode: s.credit_mode,
    exposure_warn_pct: String(s.exposure_warn_pct),
    exposure_hot_pct: String(s.exposure_hot_pct),
  };
}

/** The API's names and units of the form's values. */
export function toInput(v: SettingsValues): Required<CompanySettingsInput> {
  const { commission_percent, ...rest } = v;
  return { ...rest, commission_bp: commission_percent };
}

/** Only what differs from the loaded settings (the PUT is partial: another admin's change elsewhere stays). */
export function changedSettings(loaded: CompanySettingsView, v: SettingsValues): CompanySettingsInput {
  const input = toInput(v);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input) as (keyof CompanySettingsInput)[]) {
    if (input[key] !== loaded[key]) out[key] = input[key];
  }
  return out as CompanySettingsInput;
}
