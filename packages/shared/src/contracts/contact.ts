import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';
import { listQuery, pageOf, sortKeys } from './list';

export const contactRequest = z.object({
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(120, 'Le nom est trop long'),
  email: z.email({ error: 'Adresse e-mail invalide' }).max(200, 'Adresse e-mail trop longue'),
  phone: z.string().trim().max(40, 'Le téléphone est trop long').optional(),
  subject: z.string().trim().max(200, 'Le sujet est trop long').optional(),
  message: z
    .string({ error: 'Le message est requis' })
    .trim()
    .min(5, 'Le message est trop court (5 caractères au moins)')
    .max(5000, 'Le message est trop long (5000 caractères au plus)'),
});
export type ContactRequest = z.infer<typeof contactRequest>;
export const contactResponse = z.object({ ok: z.literal(true), id: z.number().int() });

/** Issue 16: the platform's contact inbox (GET /api/generals/contacts). */
export const contactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  handled: z.boolean(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const contactListQuery = listQuery.extend({
  sort: sortKeys(['created_at', 'name', 'email', 'handled']),
  id: z.coerce
    .number({ error: 'Identifiant invalide' })
    .int('Identifiant invalide')
    .positive('Identifiant invalide')
    .max(2_147_483_647, 'Identifiant invalide')
    .optional(),
  handled: z.enum(['true', 'false'], { error: 'Le filtre « traité » doit valoir true ou false' }).optional(),
});

/** POST /api/generals/contacts/handled */
export const contactHandledBody = z.object({
  id: z
    .number({ error: 'Identifiant invalide' })
    .int('Identifiant invalide')
    .positive('Identifiant invalide')
    .max(2_147_483_647, 'Identifiant invalide'),
  handled: z.boolean({ error: 'Le champ « handled » doit être vrai ou faux' }),
});

const SUPERUSER = ['superuser'] as const;
/** Without 409 (nothing here conflicts). */
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Issue 16: the public contact form, and the platform's inbox of it. Staff need the platform's
 * « général » codenames (no contact codename exists; these already concern the platform itself).
 */
export const contactEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/public/contact',
    tag: 'contact',
    summary: 'Envoyer un message depuis la page Contact',
    access: allow.public(),
    body: contactRequest,
    response: contactResponse,
    errors: { 400: errorBody, 429: errorBody },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/generals/contacts',
    tag: 'contact',
    summary:
      'Messages du formulaire de contact (pagination, tri, recherche, filtre traité, export CSV) ; avec id, un message',
    access: allow.permission('view_generale', SUPERUSER),
    query: contactListQuery,
    response: z.union([contactMessage, pageOf(contactMessage)]),
    errors,
  }),
  handled: endpoint({
    method: 'POST',
    path: '/api/generals/contacts/handled',
    tag: 'contact',
    summary: 'Marquer un message de contact comme traité ou non traité',
    access: allow.permission('change_generale', SUPERUSER),
    body: contactHandledBody,
    response: contactMessage,
    errors,
  }),
};
