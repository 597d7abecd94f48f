import { MAX_LIMITE_FICHE_AMOUNT } from '@borlette/shared/contracts/limite-fiche';
import { z } from 'zod';
import { parseAmount } from './money';

/**
 * The form field `max_amount` holds what the person types (HTG, 2 decimals); it leaves the form as
 * centimes, so that the server's `fields.max_amount` lands on the same input.
 */
export const amountField = (messages: { required: string; invalid: string; positive: string; tooLarge: string }) =>
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
      if (centimes < 1) {
        ctx.addIssue({ code: 'custom', message: messages.positive });
        return z.NEVER;
      }
      if (centimes > MAX_LIMITE_FICHE_AMOUNT) {
        ctx.addIssue({ code: 'custom', message: messages.tooLarge });
        return z.NEVER;
      }
      return centimes;
    });
