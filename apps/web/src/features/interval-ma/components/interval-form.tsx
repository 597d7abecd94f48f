import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import type { IntervalMa } from '@borlette/shared/contracts/interval-ma';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AmountInput, amountField, RHFSelect, RHFTextField } from '../../../components/form';
import { centimesToInput, parseAmount } from '../../../lib/money';
import type { IntervalValues } from '../api/interval-ma';

/** The interval form: amounts typed in HTG (max empty = « et plus »), count 1 to 10. */
export function makeIntervalSchema(t: TFunction<'limits'>) {
  const messages = {
    required: t('errors.amountRequired'),
    invalid: t('errors.amountInvalid'),
    positive: t('errors.amountNegative'),
    tooLarge: t('errors.amountTooLarge'),
  };
  return z
    .object({
      min_amount: amountField(messages, { allowZero: true, max: MAX_AMOUNT }),
      max_amount: z
        .string()
        .trim()
        .transform((v, ctx) => {
          if (!v) return null;
          const centimes = parseAmount(v);
          if (centimes === null || centimes > MAX_AMOUNT) {
            ctx.addIssue({ code: 'custom', message: centimes === null ? messages.invalid : messages.tooLarge });
            return z.NEVER;
          }
          return centimes;
        }),
      count: z.union([z.number(), z.string()]).transform((v, ctx) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 10 || v === '') {
          ctx.addIssue({ code: 'custom', message: t('intervalMa.errors.count') });
          return z.NEVER;
        }
        return n;
      }),
    })
    .superRefine((v, ctx) => {
      if (v.max_amount !== null && v.max_amount < v.min_amount)
        ctx.addIssue({ code: 'custom', path: ['max_amount'], message: t('intervalMa.errors.maxBelowMin') });
    })
    .transform((v): IntervalValues => v);
}

export type IntervalFormInput = z.input<ReturnType<typeof makeIntervalSchema>>;
export const INTERVAL_FIELDS = ['min_amount', 'max_amount', 'count'] as const;
export const EMPTY_INTERVAL: IntervalFormInput = { min_amount: '', max_amount: '', count: 1 };

export const intervalToInput = (i: IntervalMa): IntervalFormInput => ({
  min_amount: centimesToInput(i.min_amount),
  max_amount: i.max_amount === null ? '' : centimesToInput(i.max_amount),
  count: i.count,
});

/** Min, max (optional) and the number of free mariages. */
export function IntervalFields({ currency, autoFocus }: { currency: string; autoFocus?: boolean }) {
  const { t } = useTranslation('limits');
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <AmountInput<IntervalFormInput>
        name="min_amount"
        label={t('intervalMa.fields.min')}
        currency={currency}
        helperText={t('intervalMa.fields.minHelp')}
        autoFocus={autoFocus}
      />
      <RHFTextField<IntervalFormInput>
        name="max_amount"
        label={t('intervalMa.fields.max')}
        placeholder={t('intervalMa.andMore')}
        helperText={t('intervalMa.fields.maxHelp')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'decimal', maxLength: 20, autoComplete: 'off' },
          input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
        }}
      />
      <RHFSelect<IntervalFormInput>
        name="count"
        label={t('intervalMa.fields.count')}
        required
        options={Array.from({ length: 10 }, (_, i) => ({
          value: i + 1,
          label: t('intervalMa.countLabel', { count: i + 1 }),
        }))}
        helperText={t('intervalMa.fields.countHelp')}
      />
    </Box>
  );
}
