import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { ROLES } from '../permissions';
import { errorBody, okBody } from './common';
import { deviceInfo, sessionTerminal } from './terminals';

/** docs/spec.md §5: 'Le téléphone est requis' / 'Password is required'. */
export const loginRequest = z.object({
  username: z
    .string({ error: 'Le téléphone est requis' })
    .trim()
    .min(1, 'Le téléphone est requis')
    .max(150, 'Le nom d’utilisateur est trop long (150 caractères au plus)'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Le mot de passe est trop long (256 caractères au plus)'),
  remember: z.boolean({ error: 'Le champ « remember » doit être vrai ou faux' }).optional().default(false),
  /** The point of sale's device (issue 20): an agent's sign-in from /pos registers or updates its terminal. */
  device: deviceInfo.optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const role = z.enum(ROLES);

/** docs/spec.md §3 User, plus the identifiers the UI needs. */
export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  companyname: z.string(),
  user_photo: z.string().nullable(),
  role,
  perms: z.array(z.object({ codename: z.string() })),
  /** The selected company: a ref_code, or 'all' (superuser only). */
  select_company: z.string().nullable(),
  select_country_code: z.string().nullable(),
  /**
   * The zone the user's business days are counted in, as the reports count them: the company's, or
   * with « Toutes » the selected country's (UTC without one). « Today » on a screen is today there.
   */
  time_zone: z.string(),
  company: z
    .object({
      ref_code: z.string(),
      companyname: z.string(),
      logo: z.string().nullable(),
      timezone: z.string(),
      currency: z.string(),
      /** The company's country (ISO code): cities, time zone and currency defaults. */
      country_code: z.string(),
    })
    .nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = z.object({
  accessToken: z.string(),
  user: currentUser,
  role,
  expiresAt: z.string(),
  /** An agent's sign-in with a device: its terminal and state (pending: the POS waits for approval). */
  terminal: sessionTerminal.nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const selectCompanyRequest = z.object({
  ref_code: z.string({ error: 'La compagnie est requise' }).trim().min(1, 'La compagnie est requise').max(64),
});
export const selectCountryRequest = z.object({
  country_code: z
    .string({ error: 'Le pays est requis' })
    .trim()
    .min(1, 'Le pays est requis')
    .max(8)
    .transform((s) => s.toUpperCase()),
});

const tag = 'session';
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/user/auth/login',
    tag,
    summary: 'Se connecter (tous les rôles)',
    access: allow.public(),
    body: loginRequest,
    response: loginResponse,
    errors: { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
  }),
  /** Public so that a client with an already-dead token still gets a clean answer; a live token is revoked. */
  logout: endpoint({
    method: 'POST',
    path: '/api/user/auth/logout',
    tag,
    summary: 'Se déconnecter (révoque le jeton)',
    access: allow.public(),
    response: okBody,
    errors: { 401: errorBody },
  }),
};
