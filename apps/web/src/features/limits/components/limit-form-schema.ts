import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import type { SaleLimit } from '@borlette/shared/contracts/limits';
import { z } from 'zod';
import { amountField } from '../../../components/form';
import { centimesToInput } from '../../../lib/money';
import type { LimitValues } from '../api/limits';
import { checkGameNumber, type GameCode, isGameCode, type NumberProblem } from '../games';
import type { LimitKindDef } from '../kinds';

export type LimitFormMessages = Record<
  'game' | 'agent' | 'amountRequired' | 'amountInvalid' | 'amountNegative' | 'amountTooLarge',
  string
> & { number: (problem: NumberProblem, code: GameCode) => string };

/** The limit form: what is typed (amount in HTG, number as typed) -> the body of the endpoint. */
export const makeLimitSchema = (k: LimitKindDef, m: LimitFormMessages) =>
  z
    .object({
      code: z.union([z.number(), z.string()]).nullable(),
      number: z.string(),
      agent_id: z.number().nullable(),
      tirage_id: z.union([z.number(), z.string()]).nullable(),
      max_amount: amountField(
        {
          required: m.amountRequired,
          invalid: m.amountInvalid,
          positive: m.amountNegative,
          tooLarge: m.amountTooLarge,
        },
        { allowZero: true, max: MAX_AMOUNT },
      ),
    })
    .superRefine((v, ctx) => {
      if (!isGameCode(v.code)) {
        ctx.addIssue({ code: 'custom', path: ['code'], message: m.game });
        return;
      }
      if (k.ball) {
        const checked = checkGameNumber(Number(v.code) as GameCode, v.number);
        if (!checked.ok)
          ctx.addIssue({
            code: 'custom',
            path: ['number'],
            message: m.number(checked.problem, Number(v.code) as GameCode),
          });
      }
      if (k.agent && !v.agent_id) ctx.addIssue({ code: 'custom', path: ['agent_id'], message: m.agent });
    })
    .transform((v): LimitValues => {
      const code = Number(v.code) as GameCode;
      const checked = k.ball ? checkGameNumber(code, v.number) : null;
      return {
        code,
        tirage_id: v.tirage_id === null || v.tirage_id === '' ? null : Number(v.tirage_id),
        max_amount: v.max_amount,
        ...(k.agent && v.agent_id ? { agent_id: v.agent_id } : {}),
        ...(checked?.ok ? { number: checked.value } : {}),
      };
    });

export type LimitFormInput = z.input<ReturnType<typeof makeLimitSchema>>;

export const EMPTY_LIMIT: LimitFormInput = { code: null, number: '', agent_id: null, tirage_id: null, max_amount: '' };

export const limitToInput = (l: SaleLimit): LimitFormInput => ({
  code: l.code,
  number: l.number ?? '',
  agent_id: l.agent_id,
  tirage_id: l.tirage_id,
  max_amount: centimesToInput(l.max_amount),
});
