import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { okBody } from './common';
import { optionalId, requiredId } from './engine-common';
import { blockBody, deleteTarget, listQuery, pageOf, sortKeys } from './list';

/**
 * GET /api/companies/boules-block (page; `?id=` one) · POST {number, tirage_id?, note?} (add_bouleblock) ·
 * PUT {id, …} (change_bouleblock) · DELETE ?id= (change_bouleblock) · POST /boules-block/block
 * {id, blocked} (block_boule: false lifts the block, kept in the list). A ball '12' blocks bolet 12 and
 * every mariage with 12; '12*34' one mariage; 3, 4 or 5 digits a loto number.
 */
export const bouleBlock = z.object({
  id: z.number().int(),
  number: z.string(),
  /** What the number covers: bolet + mariages (2 digits), mariage, loto3, loto4, loto5. */
  kind: z.enum(['boule', 'mariage', 'loto3', 'loto4', 'loto5']),
  tirage_id: z.number().int().nullable(),
  tirage_name: z.string().nullable(),
  blocked: z.boolean(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BouleBlock = z.infer<typeof bouleBlock>;

/** '12', '12*34' (any order, normalised), '123', '1234', '12345'. */
export const blockNumber = z
  .string({ error: 'Le numéro est requis' })
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine(
    (v) => /^\d{2}$|^\d{2}\*\d{2}$|^\d{3,5}$/.test(v),
    'Numéro invalide : 2 chiffres (boule), 12*34 (mariage) ou 3 à 5 chiffres (loto)',
  )
  .refine((v) => !/^(\d{2})\*\1$/.test(v), 'Un mariage ne peut pas avoir deux fois la même boule')
  .transform((v) => (v.includes('*') ? v.split('*').sort().join('*') : v));

const blockFields = {
  number: blockNumber,
  tirage_id: optionalId('Le tirage'),
  note: z
    .string()
    .trim()
    .max(200, 'La note est trop longue (200 caractères au plus)')
    .optional()
    .nullable()
    .transform((v) => v || null),
};
export const bouleBlockInput = z.object(blockFields);
export type BouleBlockInput = z.input<typeof bouleBlockInput>;
export const bouleBlockUpdate = z.object({ id: requiredId('L’identifiant'), ...blockFields });
export type BouleBlockUpdate = z.input<typeof bouleBlockUpdate>;

export const bouleBlockListQuery = listQuery.extend({
  id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
  tirage_id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
  sort: sortKeys(['number', 'tirage', 'blocked', 'created_at', 'updated_at']),
  blocked: z.enum(['true', 'false'], { error: 'Filtre invalide' }).optional(),
});

const tag = 'boules-block';
const path = '/api/companies/boules-block';
export const bouleBlockEndpoints = {
  list: endpoint({
    method: 'GET',
    path,
    tag,
    summary: 'Boules bloquées (page, tri, recherche, filtres tirage_id / blocked, CSV) ; ?id= un blocage',
    access: allow.permission('view_bouleblock'),
    query: bouleBlockListQuery,
    response: z.union([pageOf(bouleBlock), bouleBlock]),
  }),
  create: endpoint({
    method: 'POST',
    path,
    tag,
    summary: 'Bloquer un numéro (12 : bolet et mariages avec 12 ; 12*34 ; 3 à 5 chiffres) pour un tirage ou tous',
    access: allow.permission('add_bouleblock'),
    body: bouleBlockInput,
    response: bouleBlock,
  }),
  update: endpoint({
    method: 'PUT',
    path,
    tag,
    summary: 'Modifier un blocage (id dans le corps)',
    access: allow.permission('change_bouleblock'),
    body: bouleBlockUpdate,
    response: bouleBlock,
  }),
  remove: endpoint({
    method: 'DELETE',
    path,
    tag,
    summary: 'Supprimer un blocage',
    access: allow.permission('change_bouleblock'),
    ...deleteTarget,
    response: okBody,
  }),
  block: endpoint({
    method: 'POST',
    path: `${path}/block`,
    tag,
    summary: 'Bloquer (blocked true) / lever le blocage (false : le numéro se vend de nouveau)',
    access: allow.permission('block_boule'),
    body: blockBody,
    response: bouleBlock,
  }),
};
