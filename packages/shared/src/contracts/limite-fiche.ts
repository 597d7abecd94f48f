import '../zod-setup';
import { z } from 'zod';
import { listQuery } from './list';
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
