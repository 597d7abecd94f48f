import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { commissionBp } from './people';

export const GENERATE_AGENT_MAX = 200;

/** POST /api/companies/generate-agent */
export const generateAgentInput = z.object({
  count: z.coerce
    .number({ error: 'Le nombre de vendeurs est requis' })
    .int('Le nombre de vendeurs doit être un entier')
    .min(1, 'Au moins 1 vendeur')
    .max(GENERATE_AGENT_MAX, `${GENERATE_AGENT_MAX} vendeurs au plus à la fois`),
  surcussale_id: z.coerce
    .number({ error: 'La succursale est requise' })
    .int('La succursale est invalide')
    .positive('La succursale est requise'),
  supervisor_id: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number().int('Le superviseur est invalide').positive('Le superviseur est invalide').nullable(),
  ),
  /** Username prefix; default: the company's ref_code in lower case. */
  prefix: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .min(2, 'Le préfixe doit compter 2 caractères au moins')
      .max(20, 'Le préfixe est trop long (20 caractères au plus)')
      .regex(/^[a-z][a-z0-9._-]*$/, 'Le préfixe commence par une lettre; lettres, chiffres, . _ - ensuite')
      .optional(),
  ),
  commission_bp: z.preprocess((v) => (v === '' || v === undefined ? null : v), commissionBp.nullable()),
  can_cancel: z.boolean({ error: 'Le champ « can_cancel » doit être vrai ou faux' }).optional().default(true),
});
export type GenerateAgentInput = z.input<typeof generateAgentInput>;

/** One generated agent, with its password in clear: answered once, never stored or shown again. */
export const generatedAgent = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  surcussale_id: z.number().int(),
  surcussale_name: z.string(),
  supervisor_id: z.number().int().nullable(),
  supervisor_name: z.string().nullable(),
  commission_bp: z.number().int().nullable(),
  can_cancel: z.boolean(),
});
export type GeneratedAgent = z.infer<typeof generatedAgent>;
export const generateAgentAnswer = z.array(generatedAgent);

export const generateAgentEndpoints = {
  generate: endpoint({
    method: 'POST',
    path: '/api/companies/generate-agent',
    tag: 'agents',
    summary: 'Générer N vendeurs (1 à 200) avec identifiants et mots de passe aléatoires',
    description:
      'Les mots de passe sont rendus en clair UNE seule fois dans cette réponse (non mise en cache) et ne sont conservés que hachés.',
    access: allow.permission('add_agent'),
    body: generateAgentInput,
    response: generateAgentAnswer,
  }),
};
