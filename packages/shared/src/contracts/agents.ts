import { z } from 'zod';
import { listQuery, optionalText, recordStatus } from './list';
import { commissionBp, newPasswordField, personName, personStatus, usernameField } from './people';

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
