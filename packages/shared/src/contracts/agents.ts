import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { amountField } from './engine-common';
import { idBody, listQuery, optionalText, pageOf, recordStatus, sortKeys } from './list';
import {
  commissionBp,
  newPasswordField,
  personName,
  personStatus,
  personWriteEndpoints,
  usernameField,
} from './people';

/** ceiling: sells while what it owes stays under its ceiling; prepaid: only against money deposited first. */
export const CREDIT_MODES = ['ceiling', 'prepaid'] as const;
export type CreditMode = (typeof CREDIT_MODES)[number];

/** An agent (vendeur) as the API answers it (never its password). */
export const agent = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  status: recordStatus,
  surcussale_id: z.number().int().nullable(),
  surcussale_name: z.string().nullable(),
  supervisor_id: z.number().int().nullable(),
  supervisor_name: z.string().nullable(),
  /** The agent's own rate in basis points; null = the company's default. */
  commission_bp: z.number().int().nullable(),
  /** The rate in force: its own, or the company's default. */
  effective_commission_bp: z.number().int(),
  can_cancel: z.boolean(),
  /** Ceiling on what the agent owes, centimes; null = the company's default (issue 20 §2). */
  credit_limit: z.number().int().nullable(),
  /** ceiling | prepaid; null = the company's default. */
  credit_mode: z.enum(CREDIT_MODES).nullable(),
  /** In force: the ceiling (prepaid: 0; null: none) and the mode. */
  effective_credit_limit: z.number().int().nullable(),
  effective_credit_mode: z.enum(CREDIT_MODES),
  created_at: z.string(),
});
export type Agent = z.infer<typeof agent>;

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} est requise` })
    .int(`${label} est invalide`)
    .positive(`${label} est requise`);

/** Optional reference: '' / null / absent = none. */
const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: `${label} est invalide` })
      .int(`${label} est invalide`)
      .positive(`${label} est invalide`)
      .nullable(),
  );

const optionalCommission = z.preprocess((v) => (v === '' || v === undefined ? null : v), commissionBp.nullable());

const fields = {
  first_name: personName('Le prénom'),
  last_name: personName('Le nom'),
  phone: optionalText(40, 'Le téléphone'),
  username: usernameField,
  /** The sub-branch it sells for (required, of the company). */
  surcussale_id: id('La succursale'),
  /** Its supervisor (optional, of the company). */
  supervisor_id: optionalId('Le superviseur'),
  commission_bp: optionalCommission,
  can_cancel: z.boolean({ error: 'Le champ « can_cancel » doit être vrai ou faux' }).optional().default(true),
  /** '' / null / absent = the company's default. */
  credit_limit: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      amountField('Le plafond de crédit', { allowZero: true }).nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
  credit_mode: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.enum(CREDIT_MODES, { error: 'Mode de crédit invalide (plafond ou prépayé)' }).nullable(),
    )
    .optional()
    .transform((v) => (v ?? null) as CreditMode | null),
};

export const agentInput = z.object({
  ...fields,
  password: newPasswordField,
  status: personStatus.optional().default('active'),
});
export type AgentInput = z.input<typeof agentInput>;

/** PUT: the whole record; `status` absent = unchanged. The password changes through /agent/password. */
export const agentUpdate = z.object({
  ...fields,
  id: z.coerce.number({ error: 'L’identifiant est requis' }).int().positive('Identifiant invalide'),
  status: personStatus.optional(),
});
export type AgentUpdate = z.input<typeof agentUpdate>;

export const agentListQuery = listQuery.extend({
  sort: sortKeys(['name', 'username', 'surcussale', 'supervisor', 'commission', 'status', 'created_at']),
  /** Absent: every status but archived. */
  status: recordStatus.optional(),
  surcussale_id: z.coerce.number().int().positive().optional(),
  supervisor_id: z.coerce.number().int().positive().optional(),
});

/** What the agent form offers: sub-branches and supervisors the user may choose, and the default rate. */
export const agentOptions = z.object({
  surcussales: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })),
  supervisors: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() })),
  default_commission_bp: z.number().int(),
  ref_code: z.string(),
});
export type AgentOptions = z.infer<typeof agentOptions>;

const tag = 'agents';
const path = '/api/companies/agent';
export const agentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/list-agent',
    tag,
    summary: 'Vendeurs (pagination, tri, recherche, filtres succursale/superviseur/statut, export CSV)',
    description:
      'Sans « status », les vendeurs archivés sont exclus. Un superviseur ne voit que les vendeurs de ses succursales et ceux qui lui sont rattachés.',
    access: allow.permission('view_agent'),
    query: agentListQuery,
    response: pageOf(agent),
  }),
  get: endpoint({
    method: 'GET',
    path,
    tag,
    summary: 'Un vendeur',
    access: allow.permission('view_agent'),
    query: idBody,
    response: agent,
  }),
  options: endpoint({
    method: 'GET',
    path: '/api/companies/agent/options',
    tag,
    summary: 'Choix du formulaire vendeur : succursales et superviseurs permis, commission par défaut',
    access: allow.permission('view_agent'),
    response: agentOptions,
  }),
  create: endpoint({
    method: 'POST',
    path,
    tag,
    summary: 'Créer un vendeur',
    access: allow.permission('add_agent'),
    body: agentInput,
    response: agent,
  }),
  update: endpoint({
    method: 'PUT',
    path,
    tag,
    summary: 'Modifier un vendeur (tout l’enregistrement; statut absent = inchangé)',
    access: allow.permission('change_agent'),
    body: agentUpdate,
    response: agent,
  }),
  ...personWriteEndpoints({
    path,
    tag,
    item: agent,
    archive: {
      access: allow.permission('change_agent'),
      summary: 'Archiver un vendeur (masqué, connexion refusée, sessions fermées; gardé pour l’historique)',
    },
    block: {
      access: allow.permission('block_agent'),
      summary: 'Bloquer / débloquer un vendeur (bloqué : connexion refusée, sessions fermées)',
    },
    password: {
      access: allow.permission('change_password_agent'),
      summary: 'Changer le mot de passe d’un vendeur (ses sessions sont fermées)',
    },
    unlock: {
      access: allow.permission('change_password_agent'),
      summary: 'Lever le blocage de connexion d’un vendeur (ses échecs de mot de passe sont effacés)',
    },
  }),
};
