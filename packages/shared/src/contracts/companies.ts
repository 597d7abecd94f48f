import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody, okBody } from './common';
import { countryCode, currencyCode, timeZone, UPLOAD_URL } from './countries';
import {
  blockBody,
  deleteTarget,
  idBody,
  listQuery,
  optionalText,
  pageOf,
  passwordBody,
  sortKeys,
  unlockResult,
} from './list';

export const companyStatus = z.enum(['active', 'blocked']);
export type CompanyStatus = z.infer<typeof companyStatus>;

/** Sign-in names, unique across the platform; same rule as the company's people (contracts/people.ts). */
export const username = z
  .string({ error: 'Le nom d’utilisateur est requis' })
  .trim()
  .min(3, 'Le nom d’utilisateur doit compter 3 caractères au moins')
  .max(150, 'Le nom d’utilisateur est trop long (150 caractères au plus)')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Lettres, chiffres et . _ - @ seulement (sans espace ni accent)');

export const newPassword = z
  .string({ error: 'Le mot de passe est requis' })
  .min(8, 'Le mot de passe doit compter 8 caractères au moins')
  .max(128, 'Le mot de passe est trop long (128 caractères au plus)');

export const personName = (label: string, required = true) => {
  const base = z
    .string({ error: `${label} est requis` })
    .trim()
    .max(80, `${label} est trop long (80 caractères au plus)`);
  return required ? base.min(1, `${label} est requis`) : base;
};

/** An e-mail address, or nothing ('' from a form becomes null). */
export const optionalEmail = z
  .string()
  .trim()
  .max(200, 'Adresse e-mail trop longue')
  .refine((s) => s === '' || z.email().safeParse(s).success, 'Adresse e-mail invalide')
  .optional()
  .nullable()
  .transform((v) => (v ? v.toLowerCase() : null));

/** GET /api/generals/compagnies entry. */
export const company = z.object({
  id: z.number().int(),
  ref_code: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  country_code: z.string(),
  country_name: z.string(),
  country_flag: z.string().nullable(),
  city_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  status: companyStatus,
  agents_count: z.number().int(),
  /** Users of the company besides its admin (supervisors, agents, archived included). */
  users_count: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
  admin_first_name: z.string().nullable(),
  admin_last_name: z.string().nullable(),
  created_at: z.string(),
});
export type Company = z.infer<typeof company>;

const companyFields = {
  name: z
    .string({ error: 'Le nom est requis' })
    .trim()
    .min(2, 'Le nom doit compter 2 caractères au moins')
    .max(120, 'Le nom est trop long (120 caractères au plus)'),
  /** Multipart: the `logo` file; as text only the current URL (kept), anything else is refused. */
  logo: z
    .string()
    .trim()
    .refine((s) => s === '' || UPLOAD_URL.test(s), 'Logo : envoyez une image')
    .optional()
    .nullable()
    .transform((v) => v || null),
  country_code: countryCode,
  city_id: z.coerce.number().int().positive('Ville invalide').optional().nullable(),
  /** Default: the country's. */
  timezone: timeZone.optional().nullable(),
  /** Default: the country's. */
  currency: currencyCode.optional().nullable(),
  phone: optionalText(40, 'Le téléphone'),
  email: optionalEmail,
  address: optionalText(200, 'L’adresse'),
};

const adminFields = {
  admin_first_name: personName('Le prénom de l’admin'),
  admin_last_name: personName('Le nom de l’admin'),
  admin_username: username,
};

/** POST /api/generals/compagnies (multipart): the company, its settings and its admin account. */
export const companyInput = z.object({ ...companyFields, ...adminFields, admin_password: newPassword });
export type CompanyInput = z.input<typeof companyInput>;

/**
 * PUT /api/generals/compagnies (multipart): the company; the admin's names and username when given
 * (left as they are otherwise). No password here (see /compagnies/password).
 */
export const companyUpdate = z.object({
  ...companyFields,
  admin_first_name: adminFields.admin_first_name.optional(),
  admin_last_name: adminFields.admin_last_name.optional(),
  admin_username: adminFields.admin_username.optional(),
  id: z.coerce.number().int().positive('Identifiant invalide'),
});
export type CompanyUpdate = z.input<typeof companyUpdate>;

export const companyListQuery = listQuery.extend({
  sort: sortKeys(['name', 'ref_code', 'country', 'city', 'status', 'agents_count', 'admin_username', 'created_at']),
  id: z.coerce.number().int().positive('Identifiant invalide').optional(),
  status: companyStatus.optional(),
  country: countryCode.optional(),
});

/** GET /api/generals/simple-compagnies entry (docs/spec.md §3 "Company list entry"). */
export const simpleCompany = z.object({
  ref_code: z.string(),
  companyname: z.string(),
  user_photo: z.string().nullable(),
});
export type SimpleCompany = z.infer<typeof simpleCompany>;

const tag = 'companies';
const SUPERUSER = ['superuser'] as const;
export const companyEndpoints = {
  simpleList: endpoint({
    method: 'GET',
    path: '/api/generals/simple-compagnies',
    tag,
    summary: 'Compagnies pour le sélecteur (filtrées par le pays choisi)',
    access: allow.permission('view_company', SUPERUSER),
    response: z.array(simpleCompany),
    errors: { 401: errorBody, 403: errorBody },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/generals/compagnies',
    tag,
    summary: 'Compagnies du pays choisi (pagination, tri, recherche, filtres, export CSV) ; avec id, une compagnie',
    access: allow.permission('view_company', SUPERUSER),
    query: companyListQuery,
    response: z.union([company, pageOf(company)]),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/generals/compagnies',
    tag,
    summary: 'Créer une compagnie, ses réglages et son compte admin (multipart : fichier « logo »)',
    access: allow.permission('add_company', SUPERUSER),
    multipart: true,
    body: companyInput,
    response: company,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/generals/compagnies',
    tag,
    summary: 'Modifier une compagnie et les noms de son admin (multipart ; « logo » : nouveau fichier ou URL actuelle)',
    access: allow.permission('change_company', SUPERUSER),
    multipart: true,
    body: companyUpdate,
    response: company,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/generals/delete-company',
    tag,
    summary: 'Supprimer une compagnie (refusé si elle a des vendeurs ou d’autres utilisateurs que son admin)',
    access: allow.permission('change_company', SUPERUSER),
    ...deleteTarget,
    response: okBody,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/generals/compagnies/block',
    tag,
    summary: 'Bloquer / débloquer une compagnie (ses utilisateurs ne se connectent plus, ses vendeurs ne vendent plus)',
    access: allow.permission('change_company', SUPERUSER),
    body: blockBody,
    response: company,
  }),
  password: endpoint({
    method: 'POST',
    path: '/api/generals/compagnies/password',
    tag,
    summary: 'Nouveau mot de passe pour l’admin d’une compagnie (ses sessions sont fermées)',
    access: allow.permission('change_company', SUPERUSER),
    body: passwordBody,
    response: okBody,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/generals/compagnies/unlock',
    tag,
    summary: 'Lever le blocage de connexion de l’admin d’une compagnie (ses échecs de mot de passe sont effacés)',
    access: allow.permission('change_company', SUPERUSER),
    body: idBody,
    response: unlockResult,
  }),
};
