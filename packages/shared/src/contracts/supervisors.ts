import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { idBody, listQuery, optionalText, pageOf, recordStatus, sortKeys } from './list';
import {
  commissionBp,
  companyCodenames,
  idList,
  newPasswordField,
  optionalEmail,
  personName,
  personStatus,
  personWriteEndpoints,
  usernameField,
} from './people';

/** A supervisor as the API answers it (never its password). */
export const supervisor = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photo: z.string().nullable(),
  status: recordStatus,
  /** Codenames granted (a subset of the company's). */
  permissions: z.array(z.string()),
  /** Sub-branches it watches. */
  surcussales: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Agents it watches (of its sub-branches or assigned to it), not archived. */
  agents_count: z.number().int(),
  /**
   * Its commission on its agents' sales, in basis points (issue 20): computed in the reports (sales of
   * the agents it watches in the period × rate, rounded half up); null = none.
   */
  commission_bp: z.number().int().nullable(),
  created_at: z.string(),
});
export type Supervisor = z.infer<typeof supervisor>;

const fields = {
  first_name: personName('Le prénom'),
  last_name: personName('Le nom'),
  phone: optionalText(40, 'Le téléphone'),
  email: optionalEmail,
  username: usernameField,
  permissions: companyCodenames,
  surcussales: idList('Succursale', 200),
  /** '' / null: no commission; absent on PUT: unchanged. Set by the company, never by a supervisor. */
  commission_bp: z.preprocess((v) => (v === '' ? null : v), commissionBp.nullable().optional()),
};

/**
 * POST /api/companies/supervisor: multipart (a `photo` file; arrays as `permissions[0]`, `surcussales[0]`…)
 * or JSON.
 */
export const supervisorInput = z.object({
  ...fields,
  password: newPasswordField,
  status: personStatus.optional().default('active'),
});
export type SupervisorInput = z.input<typeof supervisorInput>;

/**
 * PUT: the whole record (absent arrays = none), `status` absent = unchanged, the photo unchanged unless a
 * new file is sent or `remove_photo` is true. The password changes through /supervisor/password.
 */
export const supervisorUpdate = z.object({
  ...fields,
  id: z.coerce.number({ error: 'L’identifiant est requis' }).int().positive('Identifiant invalide'),
  status: personStatus.optional(),
  remove_photo: z.boolean({ error: 'Le champ « remove_photo » doit être vrai ou faux' }).optional(),
});
export type SupervisorUpdate = z.input<typeof supervisorUpdate>;

export const supervisorListQuery = listQuery.extend({
  sort: sortKeys(['name', 'username', 'status', 'created_at']),
  /** Absent: every status but archived. */
  status: recordStatus.optional(),
  surcussale_id: z.coerce.number().int().positive().optional(),
});

/** What the supervisor form offers: the company's sub-branches and the codenames the user may grant. */
export const supervisorOptions = z.object({
  surcussales: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })),
  permissions: z.array(z.string()),
});
export type SupervisorOptions = z.infer<typeof supervisorOptions>;

const FORM_DESCRIPTION =
  'Corps multipart/form-data (fichier « photo »; tableaux en champs indexés : permissions[0], permissions[1]…, ' +
  'surcussales[0]…) ou JSON. Permissions : codenames de la compagnie uniquement.';

const tag = 'supervisors';
const path = '/api/companies/supervisor';
export const supervisorEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/list-supervisor',
    tag,
    summary: 'Superviseurs (pagination, tri, recherche, filtres, export CSV)',
    description:
      'Sans « status », les superviseurs archivés sont exclus. Un superviseur (avec view_supervisor) ne voit que lui-même.',
    access: allow.permission('view_supervisor'),
    query: supervisorListQuery,
    response: pageOf(supervisor),
  }),
  get: endpoint({
    method: 'GET',
    path,
    tag,
    summary: 'Un superviseur',
    access: allow.permission('view_supervisor'),
    query: idBody,
    response: supervisor,
  }),
  options: endpoint({
    method: 'GET',
    path: '/api/companies/supervisor/options',
    tag,
    summary: 'Choix du formulaire superviseur : succursales et permissions attribuables',
    access: allow.permission('view_supervisor'),
    response: supervisorOptions,
  }),
  create: endpoint({
    method: 'POST',
    path,
    tag,
    summary: 'Créer un superviseur (multipart ou JSON)',
    description: FORM_DESCRIPTION,
    access: allow.permission('add_supervisor'),
    multipart: true,
    body: supervisorInput,
    response: supervisor,
  }),
  update: endpoint({
    method: 'PUT',
    path,
    tag,
    summary: 'Modifier un superviseur (multipart ou JSON; tout l’enregistrement, statut absent = inchangé)',
    description: `${FORM_DESCRIPTION} Photo inchangée sans nouveau fichier; « remove_photo=true » la retire.`,
    access: allow.permission('change_supervisor'),
    multipart: true,
    body: supervisorUpdate,
    response: supervisor,
  }),
  ...personWriteEndpoints({
    path,
    tag,
    item: supervisor,
    archive: {
      access: allow.permission('change_supervisor'),
      summary: 'Archiver un superviseur (sessions fermées, retiré de ses succursales)',
    },
    block: {
      access: allow.permission('block_sup'),
      summary: 'Bloquer / débloquer un superviseur (bloqué : connexion refusée, sessions fermées)',
    },
    password: {
      access: allow.permission('change_password_sup'),
      summary: 'Changer le mot de passe d’un superviseur (ses sessions sont fermées)',
    },
    unlock: {
      access: allow.permission('change_password_sup'),
      summary: 'Lever le blocage de connexion d’un superviseur (ses échecs de mot de passe sont effacés)',
    },
  }),
};
