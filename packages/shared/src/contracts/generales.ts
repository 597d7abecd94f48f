import { z } from 'zod';
import { type Codename, GRANTABLE_PERMISSIONS } from '../permissions';
import { newPassword, optionalEmail, personName, username } from './companies';
import { listQuery, optionalText, recordStatus } from './list';

const grantable = new Set<string>(GRANTABLE_PERMISSIONS.superuser);

/** GET /api/generals/generales entry: a platform staff account (never its password). */
export const generale = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: recordStatus,
  permissions: z.array(z.string()),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type Generale = z.infer<typeof generale>;

export const generalePermissions = z
  .array(
    z
      .string()
      .refine((c) => grantable.has(c), { error: (i) => `Permission inconnue : ${String(i.input)}` })
      .transform((c) => c as Codename),
    { error: 'Les permissions doivent être une liste' },
  )
  .max(300, 'Trop de permissions')
  .optional()
  .default([])
  .transform((list) => [...new Set(list)].sort());

const fields = {
  first_name: personName('Le prénom'),
  last_name: personName('Le nom'),
  username,
  phone: optionalText(40, 'Le téléphone'),
  email: optionalEmail,
  /** From the superuser set; a general can only grant what it holds itself. */
  permissions: generalePermissions,
};

export const generaleInput = z.object({ ...fields, password: newPassword });
export type GeneraleInput = z.input<typeof generaleInput>;
export const generaleUpdate = z.object({ ...fields, id: z.coerce.number().int().positive('Identifiant invalide') });
export type GeneraleUpdate = z.input<typeof generaleUpdate>;

/** GET /api/generals/generales: a page of the list, or one account with `id`. */
export const generaleListQuery = listQuery.extend({
  id: z.coerce.number().int().positive('Identifiant invalide').optional(),
  status: recordStatus.optional(),
});
