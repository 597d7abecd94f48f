import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint, STANDARD_ERRORS } from '../endpoint';
import { currentUser } from './auth';
import { errorBody } from './common';
import { optionalText } from './list';

/**
 * « Mon compte »: PUT /api/companies/user (company admin) and PUT /api/supervisors/user (supervisor),
 * multipart. Each part is applied only when sent, and only if the user holds its permission:
 * - info (first_name, last_name, phone, email): change_user_info;
 * - photo (file `photo`, or remove_photo) and logo (file `logo`, or remove_logo; company admin only): change_logo;
 * - password (current_password + new_password): change_password.
 */

export const ACCOUNT_INFO_FIELDS = ['first_name', 'last_name', 'phone', 'email'] as const;
export const ACCOUNT_PASSWORD_FIELDS = ['current_password', 'new_password'] as const;

const PHONE = /^\+?[0-9 ().-]{6,40}$/;

const personName = (label: string) =>
  z
    .string({ error: `${label} est requis` })
    .trim()
    .min(1, `${label} est requis`)
    .max(80, `${label} est trop long (80 caractères au plus)`);

export const accountInfoInput = z.object({
  first_name: personName('Le prénom'),
  last_name: personName('Le nom'),
  phone: optionalText(40, 'Le téléphone').refine((v) => v === null || PHONE.test(v), 'Numéro de téléphone invalide'),
  email: optionalText(150, 'L’adresse e-mail').refine(
    (v) => v === null || z.email().safeParse(v).success,
    'Adresse e-mail invalide',
  ),
});
export type AccountInfoInput = z.input<typeof accountInfoInput>;

export const NEW_PASSWORD_MIN = 8;

/** The password part without its cross-field check (the web form adds a confirmation). */
export const accountPasswordFields = z.object({
  current_password: z
    .string({ error: 'Le mot de passe actuel est requis' })
    .min(1, 'Le mot de passe actuel est requis')
    .max(256, 'Le mot de passe est trop long (256 caractères au plus)'),
  new_password: z
    .string({ error: 'Le nouveau mot de passe est requis' })
    .min(NEW_PASSWORD_MIN, `Le mot de passe doit compter ${NEW_PASSWORD_MIN} caractères au moins`)
    .max(128, 'Le mot de passe est trop long (128 caractères au plus)'),
});

export const NEW_PASSWORD_SAME = 'Le nouveau mot de passe doit être différent de l’actuel';
export const accountPasswordInput = accountPasswordFields.refine((v) => v.new_password !== v.current_password, {
  path: ['new_password'],
  message: NEW_PASSWORD_SAME,
});
export type AccountPasswordInput = z.input<typeof accountPasswordInput>;

/**
 * POST /api/{generals|companies|supervisors|agents}/user/password: every person changes their own
 * password (nobody else's: the body names no one, and a field that would is refused). The current
 * password is required and checked under the sign-in's throttling. Not gated by a codename: the spec's
 * `change_password` (« Changer mon mot de passe ») is in effect everyone's (docs in ARCHITECTURE.md).
 */
export const ownPasswordInput = accountPasswordFields.strict().refine((v) => v.new_password !== v.current_password, {
  path: ['new_password'],
  message: NEW_PASSWORD_SAME,
});
export type OwnPasswordInput = z.input<typeof ownPasswordInput>;
export const ownPasswordAnswer = z.object({
  ok: z.literal(true),
  /** The user's other sessions, signed out by the change (the one that made it stays). */
  other_sessions_revoked: z.number().int(),
});
export type OwnPasswordAnswer = z.infer<typeof ownPasswordAnswer>;

/** Flags of the photo/logo part (multipart sends 'true'/'false'). */
export const accountImageFlags = z.object({
  remove_photo: z.boolean({ error: 'Le champ « remove_photo » doit être vrai ou faux' }).optional(),
  remove_logo: z.boolean({ error: 'Le champ « remove_logo » doit être vrai ou faux' }).optional(),
});

/** The current user (GET …/user) plus what the account form shows. */
export const accountProfile = currentUser.extend({
  /** The user's own photo (`user_photo` falls back to the company logo for an admin without one). */
  photo: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

const tag = 'account';
/** Every account endpoint may answer 429 (the current password is throttled like the sign-in). */
const errors = { ...STANDARD_ERRORS, 429: errorBody };

const profileSummary = 'Mon compte : l’utilisateur connecté avec son téléphone et son e-mail';
const updateSummary = (logo: string) =>
  'Modifier mon compte (multipart) : first_name, last_name, phone, email (change_user_info) ; photo' +
  logo +
  ' ou remove_photo (change_logo) ; current_password + new_password (son propre mot de passe, sans codename). ' +
  'Chaque partie n’est appliquée que si elle est envoyée.';
const ownPasswordSummary =
  'Changer son propre mot de passe : current_password (requis, vérifié et limité comme la connexion) + ' +
  'new_password ; les autres sessions sont fermées. Personne ne change celui d’un autre ici.';

const ownPassword = <const P extends string, const R extends 'superuser' | 'company' | 'supervisor' | 'agent'>(
  prefix: P,
  role: R,
) =>
  endpoint({
    method: 'POST',
    path: `/api/${prefix}/user/password`,
    tag,
    summary: ownPasswordSummary,
    access: allow.signedIn([role]),
    body: ownPasswordInput,
    response: ownPasswordAnswer,
    errors,
  });

/**
 * « Mon compte » of the company admin (companies) and of a supervisor (supervisors); the superuser's
 * page holds only its password (the spec hides « mon compte » for it): no PUT …/user for it. Every
 * person changes their own password, whatever their role or codenames.
 */
export const accountEndpoints = {
  companyProfile: endpoint({
    method: 'GET',
    path: '/api/companies/user/account',
    tag,
    summary: profileSummary,
    access: allow.signedIn(['company']),
    response: accountProfile,
    errors,
  }),
  companyUpdate: endpoint({
    method: 'PUT',
    path: '/api/companies/user',
    tag,
    summary: updateSummary(', logo'),
    access: allow.signedIn(['company']),
    multipart: true,
    response: accountProfile,
    errors,
  }),
  supervisorProfile: endpoint({
    method: 'GET',
    path: '/api/supervisors/user/account',
    tag,
    summary: profileSummary,
    access: allow.signedIn(['supervisor']),
    response: accountProfile,
    errors,
  }),
  supervisorUpdate: endpoint({
    method: 'PUT',
    path: '/api/supervisors/user',
    tag,
    summary: updateSummary(''),
    access: allow.signedIn(['supervisor']),
    multipart: true,
    response: accountProfile,
    errors,
  }),
  superuserProfile: endpoint({
    method: 'GET',
    path: '/api/generals/user/account',
    tag,
    summary: 'Le compte du superutilisateur connecté (sa page n’offre que le changement de mot de passe)',
    access: allow.signedIn(['superuser']),
    response: accountProfile,
    errors,
  }),
  superuserPassword: ownPassword('generals', 'superuser'),
  companyPassword: ownPassword('companies', 'company'),
  supervisorPassword: ownPassword('supervisors', 'supervisor'),
  agentPassword: ownPassword('agents', 'agent'),
};
