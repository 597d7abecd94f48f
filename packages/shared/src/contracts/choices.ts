import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import type { Codename } from '../permissions';
import { errorBody } from './common';

/**
 * What the back office's pickers and filters offer (draws, sub-branches, agents of the acting
 * company), to any of its users whatever screen they are on: GET /api/companies/choices/{tirages,
 * surcussales,agents}. A supervisor gets only the sub-branches and agents it watches; the superuser
 * with « Toutes » gets nothing (choose a company first). Archived people are left out.
 * Platform staff are not users of the company: they need the codename of the list's own page
 * (CHOICE_STAFF_CODENAMES), or the picker answers 403 (and the web hides or explains it).
 */
export const CHOICE_STAFF_CODENAMES = {
  tirages: 'view_tirage',
  surcussales: 'view_surcussale',
  agents: 'view_agent',
} as const satisfies Record<string, Codename>;
export type ChoiceList = keyof typeof CHOICE_STAFF_CODENAMES;

export const tirageChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['active', 'blocked']),
  source_id: z.number().int().nullable(),
});
export type TirageChoice = z.infer<typeof tirageChoice>;

export const surcussaleChoice = z.object({ id: z.number().int(), name: z.string(), status: z.string() });
export type SurcussaleChoice = z.infer<typeof surcussaleChoice>;

export const agentChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  surcussale_id: z.number().int().nullable(),
  surcussale_name: z.string().nullable(),
  status: z.string(),
});
export type AgentChoice = z.infer<typeof agentChoice>;

export const agentChoiceQuery = z.object({
  search: z.string().trim().max(100, 'La recherche est trop longue (100 caractères au plus)').optional(),
  surcussale_id: z.coerce.number({ error: 'Succursale invalide' }).int().positive('Succursale invalide').optional(),
  /** 50 by default, 200 at most. */
  limit: z.coerce.number({ error: 'Limite invalide' }).int().min(1).max(200).default(50),
});

const tag = 'choix';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
/**
 * The names a picker needs, for any user of the company (a supervisor allowed to set a limit per agent
 * must choose the agent without holding view_agent); staff need CHOICE_STAFF_CODENAMES.
 */
export const choiceEndpoints = {
  tirages: endpoint({
    method: 'GET',
    path: '/api/companies/choices/tirages',
    tag,
    summary: 'Tirages de la compagnie (pour les listes de choix)',
    access: allow.companyUsersAndStaffWith([CHOICE_STAFF_CODENAMES.tirages]),
    response: z.array(tirageChoice),
    errors,
  }),
  surcussales: endpoint({
    method: 'GET',
    path: '/api/companies/choices/surcussales',
    tag,
    summary: 'Succursales visibles (pour les listes de choix)',
    access: allow.companyUsersAndStaffWith([CHOICE_STAFF_CODENAMES.surcussales]),
    response: z.array(surcussaleChoice),
    errors,
  }),
  agents: endpoint({
    method: 'GET',
    path: '/api/companies/choices/agents',
    tag,
    summary: 'Vendeurs visibles, par nom ou identifiant (pour les listes de choix)',
    access: allow.companyUsersAndStaffWith([CHOICE_STAFF_CODENAMES.agents]),
    query: agentChoiceQuery,
    response: z.array(agentChoice),
    errors,
  }),
};
