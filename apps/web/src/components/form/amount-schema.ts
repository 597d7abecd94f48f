import { MAX_LIMITE_FICHE_AMOUNT } from '@borlette/shared/contracts/limite-fiche';
import { z } from 'zod';
import { parseAmount } from '../../lib/money';

/**
 * An amount field holds what the person types (HTG, 2 decimals); it leaves the form as centimes, so
 * that the server's `fields.<name>` lands on the same input. Pair it with <AmountInput>.
 */
export const amountField = (
  messages: { required: string; invalid: string; positive: string; tooLarge: string },
  opts: { max?: number; allowZero?: boolean } = {},
) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .transform((v, ctx) => {
      const centimes = parseAmount(v);
      if (centimes === null) {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
      if (centimes < (opts.allowZero ? 0 : 1)) {
        ctx.addIssue({ code: 'custom', message: messages.positive });
        return z.NEVER;
      }
      if (centimes > (opts.max ?? MAX_LIMITE_FICHE_AMOUNT)) {
        ctx.addIssue({ code: 'custom', message: messages.tooLarge });
        return z.NEVER;
      }
      return centimes;
    });
