import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { okBody } from './common';
import { blockBody, deleteTarget, idBody, listQuery, optionalText, pageOf, recordStatus, sortKeys } from './list';

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
  sort: sortKeys(['name', 'city', 'status', 'created_at']),
  status: recordStatus.optional(),
  city_id: z.coerce.number().int().positive().optional(),
});

const tag = 'surcussales';
export const surcussaleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/list-surcussale',
    tag,
    summary: 'Succursales (pagination, tri, recherche, filtres, export CSV)',
    access: allow.permission('view_surcussale'),
    query: surcussaleListQuery,
    response: pageOf(surcussale),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/companies/surcussale',
    tag,
    summary: 'Une succursale',
    access: allow.permission('view_surcussale'),
    query: idBody,
    response: surcussale,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/companies/surcussale',
    tag,
    summary: 'Créer une succursale',
    access: allow.permission('add_surcussale'),
    body: surcussaleInput,
    response: surcussale,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/surcussale',
    tag,
    summary: 'Modifier une succursale',
    access: allow.permission('change_surcussale'),
    body: surcussaleUpdate,
    response: surcussale,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/companies/surcussale',
    tag,
    summary: 'Supprimer une succursale (refusé si des vendeurs y sont rattachés)',
    access: allow.permission('change_surcussale'),
    ...deleteTarget,
    response: okBody,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/companies/surcussale/block',
    tag,
    summary: 'Bloquer / débloquer une succursale (ses vendeurs ne vendent plus)',
    access: allow.permission('block_suc'),
    body: blockBody,
    response: surcussale,
  }),
};
