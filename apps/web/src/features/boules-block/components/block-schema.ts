import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { BlockProblem } from '../numbers';

export const NOTE_MAX = 200;

export const problemMessage = (t: TFunction<'boulesBlock'>, problem: BlockProblem) => t(`errors.${problem}`);

/** The draw ('' / null = every draw) and the note of a block, as the form holds them. */
export const blockCommon = (t: TFunction<'boulesBlock'>) => ({
  tirage_id: z
    .union([z.number(), z.string()])
    .nullable()
    .transform((v) => (v === null || v === '' ? null : Number(v))),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, t('errors.noteTooLong', { max: NOTE_MAX }))
    .transform((v) => v || null),
});
