import { z } from 'zod';
import { listQuery, optionalText, recordStatus } from './list';
import {
  companyCodenames,
  idList,
  newPasswordField,
  optionalEmail,
  personName,
  personStatus,
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
