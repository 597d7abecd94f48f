import { z } from 'zod';
import { listQuery, optionalText, recordStatus } from './list';

export const surcussale = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  city_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  status: recordStatus,
  supervisors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agents_count: z.number().int(),
  created_at: z.string(),
});
export type Surcussale = z.infer<typeof surcussale>;

export const surcussaleInput = z.object({
  name: z
    .string({ error: 'Le nom est requis' })
    .trim()
    .min(2, 'Le nom doit compter 2 caractères au moins')
    .max(120, 'Le nom est trop long (120 caractères au plus)'),
  address: optionalText(200, 'L’adresse'),
  phone: optionalText(40, 'Le téléphone'),
  city_id: z.coerce.number().int().positive('Ville invalide').optional().nullable(),
  /** Supervisors (user ids) who watch this sub-branch. */
  supervisors: z.array(z.coerce.number().int().positive()).max(50, '50 superviseurs au plus').optional().default([]),
});
export type SurcussaleInput = z.input<typeof surcussaleInput>;
export const surcussaleUpdate = surcussaleInput.extend({ id: z.coerce.number().int().positive() });

export const surcussaleListQuery = listQuery.extend({
  status: recordStatus.optional(),
  city_id: z.coerce.number().int().positive().optional(),
});
