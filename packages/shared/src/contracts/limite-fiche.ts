import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { okBody } from './common';
import { blockBody, deleteTarget, listQuery, pageOf, sortKeys } from './list';
import { centimesInput, money } from './money';

/**
 * Limit per ticket (« limite fiche »): the maximum amount of one ticket, company-wide (agent_id null,
 * at most one) or for one agent (at most one per agent). Amounts in centimes. A blocked limit is
 * suspended: it is not applied at sale (the company-wide one then applies to the agent, if active).
 */

export const LIMITE_FICHE_STATUSES = ['active', 'blocked'] as const;
export const limiteFicheStatus = z.enum(LIMITE_FICHE_STATUSES, { error: 'Statut invalide' });

/** 1 000 000 000.00 HTG: far above any ticket, well inside 2^53. */
export const MAX_LIMITE_FICHE_AMOUNT = 100_000_000_000;

export const limiteFiche = z.object({
  id: z.number().int(),
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  agent_username: z.string().nullable(),
  surcussale_name: z.string().nullable(),
  /** Centimes. */
  max_amount: money,
  status: limiteFicheStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type LimiteFiche = z.infer<typeof limiteFiche>;

export const limiteFicheInput = z.object({
  /** Null or absent: the company-wide limit. */
  agent_id: z.preprocess(
    (v) => (v === '' || v === 0 || v === '0' ? null : v),
    z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional().nullable(),
  ),
  max_amount: centimesInput('Le montant maximum', {
    max: MAX_LIMITE_FICHE_AMOUNT,
    positive: 'Le montant maximum doit être supérieur à 0',
  }),
});
export type LimiteFicheInput = z.input<typeof limiteFicheInput>;

export const limiteFicheUpdate = limiteFicheInput.extend({
  id: z.coerce.number({ error: 'L’identifiant est requis' }).int().positive('Identifiant invalide'),
});

export const limiteFicheListQuery = listQuery.extend({
  /** The company-wide limit (no agent) first. */
  sort: sortKeys(['agent', 'max_amount', 'status', 'updated_at']),
  /** `?id=` answers that one limit instead of a page. */
  id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
  scope: z.enum(['company', 'agent'], { error: 'Portée invalide (« company » ou « agent »)' }).optional(),
  status: limiteFicheStatus.optional(),
  agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
});

/** Agents the form may pick (search by name or username). */
export const limiteFicheAgentsQuery = z.object({
  search: z.string().trim().max(100, 'La recherche est trop longue (100 caractères au plus)').optional(),
});
export const limiteFicheAgentChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  surcussale_name: z.string().nullable(),
  has_limit: z.boolean(),
});
export type LimiteFicheAgentChoice = z.infer<typeof limiteFicheAgentChoice>;

const tag = 'limite-fiche';
/**
 * The spec gives no codename: view_typegame / add_typegame / change_typegame (game limits),
 * block_limite_game for the block toggle.
 */
export const limiteFicheEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/games/limite-fiche',
    tag,
    summary: 'Limites par fiche (page, tri, recherche, filtres, CSV) ; ?id= répond cette limite seule',
    access: allow.permission('view_typegame'),
    query: limiteFicheListQuery,
    response: z.union([pageOf(limiteFiche), limiteFiche]),
  }),
  agents: endpoint({
    method: 'GET',
    path: '/api/games/limite-fiche/agents',
    tag,
    summary: 'Vendeurs à qui donner une limite (recherche ; un superviseur : ceux qu’il surveille)',
    access: allow.permission('view_typegame'),
    query: limiteFicheAgentsQuery,
    response: z.array(limiteFicheAgentChoice),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/games/add-limite-fiche',
    tag,
    summary: 'Créer une limite par fiche (agent_id absent : celle de la compagnie ; max_amount en centimes)',
    access: allow.permission('add_typegame'),
    body: limiteFicheInput,
    response: limiteFiche,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/games/update-limite-fiche',
    tag,
    summary: 'Modifier une limite par fiche (id dans le corps)',
    access: allow.permission('change_typegame'),
    body: limiteFicheUpdate,
    response: limiteFiche,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/games/limite-fiche/block',
    tag,
    summary: 'Suspendre / réactiver une limite par fiche',
    access: allow.permission('block_limite_game'),
    body: blockBody,
    response: limiteFiche,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/games/limite-fiche',
    tag,
    summary: 'Supprimer une limite par fiche',
    access: allow.permission('change_typegame'),
    ...deleteTarget,
    response: okBody,
  }),
};
