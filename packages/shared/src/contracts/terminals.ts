import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';
import { idBody, listQuery, pageOf, sortKeys } from './list';

/**
 * The devices agents sell from (issue 20 §1). A terminal is one (device, agent): the POS keeps a random
 * device id in localStorage and sends it at sign-in; with the company's « approbation des terminaux »
 * on, a new one is pending until approved, and a pending or revoked one can neither sell nor pay.
 */
export const TERMINAL_STATES = ['pending', 'approved', 'revoked'] as const;
export const terminalState = z.enum(TERMINAL_STATES, { error: 'État invalide (pending, approved ou revoked)' });
export type TerminalState = z.infer<typeof terminalState>;

/** A terminal is « en ligne » when it was seen (sign-in, heartbeat) this recently. */
export const TERMINAL_ONLINE_SECONDS = 120;
/** The POS reports at most this often while open. */
export const HEARTBEAT_SECONDS = 60;

/** What the POS sends with its sign-in (`device` of the login request). */
export const deviceInfo = z.object({
  device_id: z
    .string({ error: 'L’identifiant du terminal est requis' })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'L’identifiant du terminal est invalide (16 à 100 lettres, chiffres, - ou _)'),
  name: z
    .string({ error: 'Le nom du terminal doit être un texte' })
    .trim()
    .max(100, 'Le nom du terminal est trop long (100 caractères au plus)')
    .optional(),
  pos_version: z
    .string({ error: 'La version doit être un texte' })
    .trim()
    .max(40, 'La version est trop longue (40 caractères au plus)')
    .optional(),
});
export type DeviceInfo = z.input<typeof deviceInfo>;

/** The session's terminal as the POS sees it (login answer and heartbeat). */
export const sessionTerminal = z.object({ id: z.number().int(), state: terminalState });
export type SessionTerminal = z.infer<typeof sessionTerminal>;

export const terminal = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  agent_username: z.string(),
  surcussale_name: z.string().nullable(),
  name: z.string(),
  /** Its first 6 characters and « … » only: the whole id is the device's secret. */
  device_id: z.string(),
  user_agent: z.string().nullable(),
  pos_version: z.string().nullable(),
  state: terminalState,
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  last_ip: z.string().nullable(),
  online: z.boolean(),
  approved_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type Terminal = z.infer<typeof terminal>;

export const terminalListQuery = listQuery.extend({
  sort: sortKeys(['last_seen_at', 'agent', 'name', 'first_seen_at', 'state']),
  state: terminalState.optional(),
  agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
});

export const terminalRename = idBody.extend({
  name: z
    .string({ error: 'Le nom est requis' })
    .trim()
    .min(1, 'Le nom est requis')
    .max(100, 'Le nom est trop long (100 caractères au plus)'),
});

export const heartbeatInput = z.object({
  pos_version: deviceInfo.shape.pos_version,
});
export const heartbeatAnswer = z.object({ terminal: sessionTerminal.nullable() });

const tag = 'terminals';
const terminalErrors = { 400: errorBody, 403: errorBody, 404: errorBody };

export const terminalsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/terminals',
    tag,
    summary: 'Terminaux des vendeurs (filtres vendeur, état ; recherche ; page ; CSV) ; un superviseur : ses vendeurs',
    access: allow.permission('view_terminal'),
    query: terminalListQuery,
    response: pageOf(terminal),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/companies/terminals/approve',
    tag,
    summary: 'Approuver un terminal (en attente ou révoqué) : il peut vendre et payer',
    access: allow.permission('change_terminal'),
    body: idBody,
    response: terminal,
    errors: terminalErrors,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/companies/terminals/revoke',
    tag,
    summary: 'Révoquer un terminal : ses sessions prennent fin, il ne vend plus',
    access: allow.permission('change_terminal'),
    body: idBody,
    response: terminal,
    errors: terminalErrors,
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/api/companies/terminals',
    tag,
    summary: 'Renommer un terminal',
    access: allow.permission('change_terminal'),
    body: terminalRename,
    response: terminal,
    errors: terminalErrors,
  }),
  /** The POS while open, once a minute at most: one UPDATE; answers the terminal's state. */
  heartbeat: endpoint({
    method: 'POST',
    path: '/api/agents/heartbeat',
    tag,
    summary: 'Signe de vie du point de vente (une fois par minute au plus) ; répond l’état du terminal',
    access: allow.permission('pos_sell', ['agent']),
    body: heartbeatInput,
    response: heartbeatAnswer,
  }),
};
