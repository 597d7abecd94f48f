import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { okBody } from './common';
import { activeStatus, amountField, requiredId } from './engine-common';
import { blockBody, deleteTarget, listQuery, pageOf, sortKeys } from './list';
import { money } from './money';

/**
 * GET /api/companies/list-interval-ma (page) · POST /api/companies/add-interval-ma (add_typegame) ·
 * PUT /api/companies/edit-interval-ma (change_typegame) · DELETE /api/companies/interval-ma?id=
 * (change_typegame) · POST /api/companies/interval-ma/block {id, blocked} (mariage_free).
 * A ticket whose amount per draw is in [min, max] gets `count` free mariages per draw (the largest
 * count when intervals overlap); max null = no upper bound.
 */
export const intervalMa = z.object({
  id: z.number().int(),
  min_amount: money,
  max_amount: money.nullable(),
  count: z.number().int(),
  status: activeStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type IntervalMa = z.infer<typeof intervalMa>;

const intervalFields = {
  min_amount: amountField('Le montant minimum', { allowZero: true }),
  max_amount: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    amountField('Le montant maximum', { allowZero: true }).nullable(),
  ),
  count: z.coerce
    .number({ error: 'Le nombre de mariages gratuits est requis' })
    .int('Le nombre de mariages gratuits doit être entier')
    .min(1, 'Au moins 1 mariage gratuit')
    .max(10, '10 mariages gratuits au plus'),
};
function checkInterval(v: { min_amount: number; max_amount: number | null }, ctx: z.RefinementCtx) {
  if (v.max_amount !== null && v.max_amount < v.min_amount)
    ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'Le maximum doit être au moins égal au minimum' });
}
export const intervalMaInput = z.object(intervalFields).superRefine(checkInterval);
export type IntervalMaInput = z.input<typeof intervalMaInput>;
export const intervalMaUpdate = z
  .object({ id: requiredId('L’identifiant'), ...intervalFields })
  .superRefine(checkInterval);
export type IntervalMaUpdate = z.input<typeof intervalMaUpdate>;

export const intervalMaListQuery = listQuery.extend({
  sort: sortKeys(['min_amount', 'max_amount', 'count', 'status', 'created_at', 'updated_at']),
  status: activeStatus.optional(),
});

const tag = 'interval-ma';
/** The spec gates the screen with add_typegame (so the list too). */
export const intervalMaEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/list-interval-ma',
    tag,
    summary: 'Intervalles de mariages gratuits (page, tri, filtre status, CSV)',
    access: allow.permission('add_typegame'),
    query: intervalMaListQuery,
    response: pageOf(intervalMa),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/companies/add-interval-ma',
    tag,
    summary: 'Créer un intervalle [min_amount, max_amount] (centimes par tirage ; max null = sans maximum) -> count',
    access: allow.permission('add_typegame'),
    body: intervalMaInput,
    response: intervalMa,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/edit-interval-ma',
    tag,
    summary: 'Modifier un intervalle (id dans le corps)',
    access: allow.permission('change_typegame'),
    body: intervalMaUpdate,
    response: intervalMa,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/companies/interval-ma',
    tag,
    summary: 'Supprimer un intervalle',
    access: allow.permission('change_typegame'),
    ...deleteTarget,
    response: okBody,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/companies/interval-ma/block',
    tag,
    summary: 'Suspendre (blocked true) / réactiver un intervalle',
    access: allow.permission('mariage_free'),
    body: blockBody,
    response: intervalMa,
  }),
};
