import { MAX_AMOUNT, MAX_PRIME } from '@borlette/shared/contracts/engine-common';
import { PRIME_FIELDS, type PrimeConf, type PrimeField, type PrimeGeneral } from '@borlette/shared/contracts/primes';
import { z } from 'zod';
import { amountField } from '../../../components/form';
import { centimesToInput } from '../../../lib/money';

export interface PrimeMessages {
  required: string;
  integer: string;
  tooLarge: string;
  atLeastOne: string;
  amountRequired: string;
  amountInvalid: string;
  amountNegative: string;
  amountTooLarge: string;
}

/** A multiplier as typed: whole number 0…MAX_PRIME; empty = null (inherit) when optional. */
const multiplier = <O extends boolean>(m: PrimeMessages, optional: O) =>
  z.union([z.string(), z.number(), z.null()]).transform((v, ctx): O extends true ? number | null : number => {
    const s = v === null ? '' : String(v).replace(/[\s\u00a0\u202f]/g, '');
    if (s === '') {
      if (optional) return null as never;
      ctx.addIssue({ code: 'custom', message: m.required });
      return z.NEVER;
    }
    if (!/^\d+$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: m.integer });
      return z.NEVER;
    }
    const n = Number(s);
    if (n > MAX_PRIME) {
      ctx.addIssue({ code: 'custom', message: m.tooLarge });
      return z.NEVER;
    }
    return n as never;
  });

const fields = <O extends boolean>(m: PrimeMessages, optional: O) =>
  Object.fromEntries(PRIME_FIELDS.map((f) => [f, multiplier(m, optional)])) as Record<
    PrimeField,
    ReturnType<typeof multiplier<O>>
  >;

/** The general level: every multiplier, the free mariage amount (HTG typed, centimes sent), the bolet rule. */
export const makeGeneralSchema = (m: PrimeMessages) =>
  z.object({
    ...fields(m, false),
    free_mariage_amount: amountField(
      { required: m.amountRequired, invalid: m.amountInvalid, positive: m.amountNegative, tooLarge: m.amountTooLarge },
      { allowZero: true, max: MAX_AMOUNT },
    ),
    bolet_cumulative: z.enum(['each', 'best']).transform((v) => v === 'each'),
  });
export type PrimeGeneralInput = z.input<ReturnType<typeof makeGeneralSchema>>;
export type PrimeGeneralValues = z.output<ReturnType<typeof makeGeneralSchema>>;

/** A draw, sub-branch or agent level: each multiplier optional, at least one. */
export const makeConfSchema = (m: PrimeMessages, target: string | null) =>
  z.object({ target_id: z.number().nullable(), ...fields(m, true) }).superRefine((v, ctx) => {
    if (target !== null && !v.target_id) ctx.addIssue({ code: 'custom', path: ['target_id'], message: target });
    if (PRIME_FIELDS.every((f) => v[f] === null))
      ctx.addIssue({ code: 'custom', path: ['bolet_1'], message: m.atLeastOne });
  });
export type PrimeConfInput = z.input<ReturnType<typeof makeConfSchema>>;
export type PrimeConfFormValues = z.output<ReturnType<typeof makeConfSchema>>;
export type PrimeConfValues = Record<PrimeField, number | null>;

const text = (n: number | null) => (n === null ? '' : String(n));

export const generalToInput = (p: PrimeGeneral): PrimeGeneralInput => ({
  ...(Object.fromEntries(PRIME_FIELDS.map((f) => [f, text(p[f])])) as Record<PrimeField, string>),
  free_mariage_amount: centimesToInput(p.free_mariage_amount),
  bolet_cumulative: p.bolet_cumulative ? 'each' : 'best',
});

export const EMPTY_CONF: PrimeConfInput = {
  target_id: null,
  ...(Object.fromEntries(PRIME_FIELDS.map((f) => [f, ''])) as Record<PrimeField, string>),
};

export const confToInput = (p: PrimeConf): PrimeConfInput => ({
  target_id: p.target_id,
  ...(Object.fromEntries(PRIME_FIELDS.map((f) => [f, text(p[f])])) as Record<PrimeField, string>),
});
