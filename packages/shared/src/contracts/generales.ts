import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { type Codename, GRANTABLE_PERMISSIONS } from '../permissions';
import { newPassword, optionalEmail, personName, username } from './companies';
import { listQuery, optionalText, pageOf, recordStatus, sortKeys } from './list';
import { personWriteEndpoints } from './people';

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
  sort: sortKeys(['username', 'name', 'status', 'last_login_at', 'created_at']),
  id: z.coerce.number().int().positive('Identifiant invalide').optional(),
  status: recordStatus.optional(),
});

const tag = 'generales';
const path = '/api/generals/generales';
const SUPERUSER = ['superuser'] as const;
export const generaleEndpoints = {
  list: endpoint({
    method: 'GET',
    path,
    tag,
    summary: 'Comptes « généraux » de la plateforme (pagination, tri, recherche, export CSV) ; avec id, un compte',
    access: allow.permission('view_generale', SUPERUSER),
    query: generaleListQuery,
    response: z.union([generale, pageOf(generale)]),
  }),
  create: endpoint({
    method: 'POST',
    path,
    tag,
    summary: 'Créer un compte général (permissions prises parmi les vôtres)',
    access: allow.permission('add_generale', SUPERUSER),
    body: generaleInput,
    response: generale,
  }),
  update: endpoint({
    method: 'PUT',
    path,
    tag,
    summary: 'Modifier un compte général et ses permissions',
    access: allow.permission('change_generale', SUPERUSER),
    body: generaleUpdate,
    response: generale,
  }),
  ...personWriteEndpoints({
    path,
    tag,
    item: generale,
    archive: {
      access: allow.permission('change_generale', SUPERUSER),
      summary: 'Archiver un compte général (connexion refusée, sessions fermées, historique gardé)',
    },
    block: { access: allow.permission('change_generale', SUPERUSER), summary: 'Bloquer / débloquer un compte général' },
    password: {
      access: allow.permission('change_generale', SUPERUSER),
      summary: 'Nouveau mot de passe d’un compte général (ses autres sessions sont fermées)',
    },
    unlock: {
      access: allow.permission('change_generale', SUPERUSER),
      summary: 'Lever le blocage de connexion d’un compte général (ses échecs de mot de passe sont effacés)',
    },
  }),
};
