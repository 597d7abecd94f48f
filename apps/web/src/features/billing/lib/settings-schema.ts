import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import { z } from 'zod';
import { parseAmount } from '../../../lib/money';

/**
 * The billing settings form: the ladder's tiers as typed (« à partir de N vendeurs », a price in the
 * platform's currency) and the grace days; out come integers and minor units. Unit-tested.
 */
export type SettingsMessage =
  | 'min'
  | 'minOrder'
  | 'firstTier'
  | 'price'
  | 'priceTooLarge'
  | 'grace'
  | 'required'
  | 'tiers';

const INT = /^\d{1,6}$/;

export function makeSettingsSchema(m: (key: SettingsMessage) => string) {
  const tier = z.object({
    min: z
      .string()
      .trim()
      .min(1, m('required'))
      .refine((v) => v === '' || (INT.test(v) && Number(v) >= 1), m('min'))
      .transform(Number),
    price: z
      .string()
      .trim()
      .min(1, m('required'))
      .transform((v, ctx) => {
        const c = parseAmount(v);
        if (c === null) {
          ctx.addIssue({ code: 'custom', message: m('price') });
          return z.NEVER;
        }
        if (c > MAX_AMOUNT) {
          ctx.addIssue({ code: 'custom', message: m('priceTooLarge') });
          return z.NEVER;
        }
        return c;
      }),
  });
  return z.object({
    prices: z
      .array(tier)
      .min(1, m('tiers'))
      .max(20, m('tiers'))
      .superRefine((tiers, ctx) => {
        if (tiers[0] && tiers[0].min !== 1) ctx.addIssue({ code: 'custom', path: [0, 'min'], message: m('firstTier') });
        tiers.forEach((x, i) => {
          if (i > 0 && x.min <= tiers[i - 1].min)
            ctx.addIssue({ code: 'custom', path: [i, 'min'], message: m('minOrder') });
        });
      }),
    billing_grace_days: z
      .string()
      .trim()
      .min(1, m('required'))
      .refine((v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) <= 365), m('grace'))
      .transform(Number),
  });
}

export type SettingsSchema = ReturnType<typeof makeSettingsSchema>;
export type SettingsInput = z.input<SettingsSchema>;
export type SettingsOutput = z.output<SettingsSchema>;

/** The price per active agent for a number of active agents (the highest tier reached). */
export function priceFor(prices: readonly { min: number; price: number }[], agents: number): number | null {
  let found: number | null = null;
  for (const p of [...prices].sort((a, b) => a.min - b.min)) if (agents >= p.min) found = p.price;
  return found;
}
