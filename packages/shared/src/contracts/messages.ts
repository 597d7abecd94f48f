import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { okBody } from './common';
import { deleteTarget, listQuery, pageOf, sortKeys } from './list';

/** Push messages (promotions) shown on the agents' point of sale. */

export const MESSAGE_AUDIENCES = ['all', 'surcussale', 'agents'] as const;
export const messageAudience = z.enum(MESSAGE_AUDIENCES, {
  error: 'Audience invalide (« all », « surcussale » ou « agents »)',
});
export type MessageAudience = z.infer<typeof messageAudience>;

export const MESSAGE_STATUSES = ['active', 'inactive'] as const;
export const messageStatus = z.enum(MESSAGE_STATUSES, { error: 'Statut invalide (« active » ou « inactive »)' });

/** Where an active message stands against the clock. */
export const MESSAGE_PERIODS = ['upcoming', 'current', 'ended'] as const;
export const messagePeriod = z.enum(MESSAGE_PERIODS, { error: 'Période invalide' });

export const message = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  audience: messageAudience,
  surcussale_id: z.number().int().nullable(),
  surcussale_name: z.string().nullable(),
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Instants in UTC (ISO 8601, Z). */
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  /** The same instants on the company's wall clock ('YYYY-MM-DDTHH:mm'), for display and forms. */
  starts_at_local: z.string(),
  ends_at_local: z.string().nullable(),
  timezone: z.string(),
  status: messageStatus,
  period: messagePeriod,
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Message = z.infer<typeof message>;

/** A message as the point of sale receives it (messagesForAgent). */
export const agentMessage = message.pick({
  id: true,
  title: true,
  text: true,
  image: true,
  starts_at: true,
  ends_at: true,
});
export type AgentMessage = z.infer<typeof agentMessage>;

/**
 * A date-time: either an instant with its offset ('2025-03-01T14:00:00Z', '…-05:00'), taken as is, or a
 * wall-clock time without offset ('2025-03-01T09:00'), read in the company's time zone by the server.
 */
export const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function isValidDateTime(v: string): boolean {
  const m = DATE_TIME_PATTERN.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => Number(x ?? 0));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 2000 &&
    y <= 2100 &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi
  );
}

const dateTime = (label: string) =>
  z
    .string({ error: `${label} est requise` })
    .trim()
    .min(1, `${label} est requise`)
    .refine(isValidDateTime, 'Date et heure invalides (AAAA-MM-JJ HH:MM)');

const hasOffset = (v: string) => DATE_TIME_PATTERN.exec(v)?.[7] !== undefined;
const wallClock = (v: string) => v.replace(' ', 'T').slice(0, 16);

/** The fields without the cross-field checks (forms extend it, then add `checkMessage`). */
export const messageFields = z.object({
  title: z
    .string({ error: 'Le titre est requis' })
    .trim()
    .min(2, 'Le titre doit compter 2 caractères au moins')
    .max(120, 'Le titre est trop long (120 caractères au plus)'),
  text: z
    .string({ error: 'Le texte est requis' })
    .trim()
    .min(1, 'Le texte est requis')
    .max(2000, 'Le texte est trop long (2000 caractères au plus)'),
  audience: messageAudience,
  surcussale_id: z.coerce.number().int().positive('Succursale invalide').optional().nullable(),
  /** Agents (user ids) of the company, for audience 'agents'. */
  agents: z
    .array(z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide'))
    .max(500, '500 vendeurs au plus')
    .optional()
    .default([]),
  starts_at: dateTime('La date de début'),
  /** Optional: no end = shown until the message is deactivated. */
  ends_at: z
    .preprocess((v) => (v === '' ? null : v), dateTime('La date de fin').optional().nullable())
    .transform((v) => (v as string | null | undefined) ?? null),
  status: messageStatus.optional().default('active'),
  /** PUT: drop the current image (a new file replaces it anyway). */
  remove_image: z.boolean({ error: 'Le champ « remove_image » doit être vrai ou faux' }).optional().default(false),
});

type MessageFields = z.output<typeof messageFields>;

/** Audience targets and period order (the server checks the period again once converted to UTC). */
export function checkMessage(
  v: Pick<MessageFields, 'audience' | 'surcussale_id' | 'agents' | 'starts_at' | 'ends_at'>,
  ctx: z.RefinementCtx,
) {
  if (v.audience === 'surcussale' && !v.surcussale_id)
    ctx.addIssue({ code: 'custom', path: ['surcussale_id'], message: 'Choisissez la succursale visée' });
  if (v.audience === 'agents' && v.agents.length === 0)
    ctx.addIssue({ code: 'custom', path: ['agents'], message: 'Choisissez au moins un vendeur' });
  // Both on the wall clock: comparable as text. (With offsets, the server compares the instants.)
  if (v.ends_at && !hasOffset(v.starts_at) && !hasOffset(v.ends_at) && wallClock(v.ends_at) < wallClock(v.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'La fin doit être après le début' });
}

export const messageInput = messageFields.superRefine(checkMessage);
export type MessageInput = z.input<typeof messageInput>;
export const messageUpdate = messageFields
  .extend({ id: z.coerce.number({ error: 'L’identifiant est requis' }).int().positive('Identifiant invalide') })
  .superRefine(checkMessage);

export const messageListQuery = listQuery.extend({
  sort: sortKeys(['starts_at', 'ends_at', 'title', 'status', 'created_at']),
  /** `?id=` answers that one message instead of a page. */
  id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
  status: messageStatus.optional(),
  audience: messageAudience.optional(),
  period: messagePeriod.optional(),
});

/** What the form's pickers offer (agents and sub-branches the user may target). */
export const messageChoices = z.object({
  surcussales: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      username: z.string(),
      surcussale_id: z.number().int().nullable(),
    }),
  ),
});
export type MessageChoices = z.infer<typeof messageChoices>;

const tag = 'messages';
/**
 * POST and PUT take multipart (or JSON): title, text, audience (all | surcussale | agents), surcussale_id,
 * agents[0..n], starts_at, ends_at (AAAA-MM-JJTHH:MM dans le fuseau de la compagnie, ou un instant ISO avec
 * décalage), status (active | inactive), image (fichier, facultatif), remove_image.
 */
export const messageEndpoints = {
  /** A page (or the CSV); with `id`, that one message. */
  list: endpoint({
    method: 'GET',
    path: '/api/companies/messages',
    tag,
    summary: 'Messages push (page, tri, recherche, filtres, CSV) ; ?id= répond ce message seul',
    access: allow.permission('view_apppromote'),
    query: messageListQuery,
    response: z.union([pageOf(message), message]),
  }),
  choices: endpoint({
    method: 'GET',
    path: '/api/companies/messages/choices',
    tag,
    summary: 'Succursales et vendeurs que l’utilisateur peut viser (un superviseur : ceux qu’il surveille)',
    access: allow.permission('view_apppromote'),
    response: messageChoices,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/companies/messages',
    tag,
    summary: 'Créer un message push',
    access: allow.permission('add_apppromote'),
    body: messageInput,
    multipart: true,
    response: message,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/messages',
    tag,
    summary: 'Modifier un message push (id dans le corps)',
    access: allow.permission('change_apppromote'),
    body: messageUpdate,
    multipart: true,
    response: message,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/companies/messages',
    tag,
    summary: 'Supprimer un message push',
    access: allow.permission('change_apppromote'),
    ...deleteTarget,
    response: okBody,
  }),
};
