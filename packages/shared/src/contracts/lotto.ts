import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import type { LotPart } from '../game/lots';
import { okBody } from './common';
import { activeStatus, requiredId } from './engine-common';
import { blockBody, deleteTarget, idBody, listQuery, pageOf, sortKeys } from './list';

/** Changing how an option number is built needs this codename besides the endpoint's (the service checks it). */
export const LOTTO_MAPPING_CODENAME = 'option_plus' as const;

/**
 * Loto 4 / loto 5 options of a company (docs/domain.md): each option number is built from the lots by a
 * mapping (a company setting). GET /api/companies/list-lotto (page) · GET /api/companies/lotto?id= ·
 * POST/PUT/DELETE /api/companies/lotto · POST /api/companies/lotto/block (block_option).
 * Changing a mapping needs `option_plus` besides `change_lotto`; tickets keep the mapping of their sale.
 * Every company starts with the six options of docs/domain.md.
 */

export const LOT_PARTS = [
  'pick3',
  'pick4',
  'lot1',
  'lot2',
  'lot3',
  'lot1LastDigit',
] as const satisfies readonly LotPart[];
export const LOTTO_CODES = [41, 42, 43, 51, 52, 53] as const;

export const lottoOption = z.object({
  id: z.number().int(),
  code: z.number().int(),
  game: z.enum(['loto4', 'loto5']),
  option: z.number().int(),
  label: z.string(),
  mapping: z.array(z.enum(LOT_PARTS)),
  /** The option number for the results 123 / 4567, to show what the mapping means. */
  example: z.string(),
  enabled: z.boolean(),
  status: activeStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type LottoOption = z.infer<typeof lottoOption>;

const mapping = z
  .array(z.enum(LOT_PARTS, { error: 'Partie inconnue (pick3, pick4, lot1, lot2, lot3, lot1LastDigit)' }), {
    error: 'La composition est requise',
  })
  .min(1, 'La composition est requise')
  .max(5, 'Cinq parties au plus');

const label = z
  .string({ error: 'Le libellé est requis' })
  .trim()
  .min(2, 'Le libellé doit compter 2 caractères au moins')
  .max(60, 'Le libellé est trop long (60 caractères au plus)');

/** The mapping must build 4 digits for a loto 4 option, 5 for a loto 5 one. */
export const lottoInput = z.object({
  code: z.coerce
    .number({ error: 'L’option est requise' })
    .int()
    .refine((c) => (LOTTO_CODES as readonly number[]).includes(c), 'Option inconnue (41-43, 51-53)'),
  label,
  mapping,
  enabled: z.boolean().optional().default(true),
});
export type LottoInput = z.input<typeof lottoInput>;

export const lottoUpdate = z.object({
  id: requiredId('L’identifiant'),
  label,
  mapping,
  enabled: z.boolean({ error: 'Le champ « enabled » doit être vrai ou faux' }),
});
export type LottoUpdate = z.input<typeof lottoUpdate>;

export const lottoListQuery = listQuery.extend({
  sort: sortKeys(['code', 'label', 'status', 'updated_at']),
  game: z.enum(['loto4', 'loto5'], { error: 'Jeu invalide (loto4 ou loto5)' }).optional(),
  status: activeStatus.optional(),
});

const tag = 'lotto';
const path = '/api/companies/lotto';
export const lottoEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/list-lotto',
    tag,
    summary: 'Options de loto 4 / loto 5 (page, tri, recherche, filtres, CSV)',
    access: allow.permission('view_lotto'),
    query: lottoListQuery,
    response: pageOf(lottoOption),
  }),
  get: endpoint({
    method: 'GET',
    path,
    tag,
    summary: 'Une option de loto',
    access: allow.permission('view_lotto'),
    query: idBody,
    response: lottoOption,
  }),
  create: endpoint({
    method: 'POST',
    path,
    tag,
    summary: 'Créer une option (41-43, 51-53) absente ; une composition autre que celle par défaut demande option_plus',
    access: allow.permission('add_lotto'),
    body: lottoInput,
    response: lottoOption,
  }),
  update: endpoint({
    method: 'PUT',
    path,
    tag,
    summary: 'Modifier une option (changer sa composition demande aussi option_plus)',
    access: allow.permission('change_lotto'),
    body: lottoUpdate,
    response: lottoOption,
  }),
  remove: endpoint({
    method: 'DELETE',
    path,
    tag,
    summary: 'Supprimer une option (elle ne se vend plus ; les fiches vendues gardent leur composition)',
    access: allow.permission('change_lotto'),
    ...deleteTarget,
    response: okBody,
  }),
  block: endpoint({
    method: 'POST',
    path: `${path}/block`,
    tag,
    summary: 'Bloquer / débloquer une option (elle ne se vend plus)',
    access: allow.permission('block_option'),
    body: blockBody,
    response: lottoOption,
  }),
};
