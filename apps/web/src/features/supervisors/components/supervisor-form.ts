import {
  bpToPercent,
  newPasswordField,
  optionalEmail,
  personName,
  usernameField,
} from '@borlette/shared/contracts/people';
import type { Supervisor } from '@borlette/shared/contracts/supervisors';
import { z } from 'zod';
import { parsePercent, percentField } from '../../../lib/agent-form-schema';
import type { SupervisorPayload } from '../api/supervisors';

const shape = {
  first_name: personName('Le prénom'),
  last_name: personName('Le nom'),
  phone: z.string().trim().max(40, 'Le téléphone est trop long (40 caractères au plus)'),
  email: optionalEmail,
  username: usernameField,
  permissions: z.array(z.string()),
  surcussales: z.array(z.number()),
  status: z.enum(['active', 'blocked', 'archived']),
  photo: z.union([z.instanceof(File), z.string(), z.null()]),
  /** Its commission on its agents' sales, as a percent ('' = none); the API's commission_bp. */
  commission_bp: percentField,
};

export const supervisorCreateForm = z.object({ ...shape, password: newPasswordField });
export const supervisorEditForm = z.object({ ...shape, password: z.string() });
export type SupervisorFormValues = z.input<typeof supervisorCreateForm>;
export type SupervisorFormOutput = z.output<typeof supervisorCreateForm>;

export const FIELD_NAMES = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'username',
  'password',
  'permissions',
  'surcussales',
  'status',
  'photo',
  'commission_bp',
];

export const EMPTY_SUPERVISOR: SupervisorFormValues = {
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  username: '',
  password: '',
  permissions: [],
  surcussales: [],
  status: 'active',
  photo: null,
  commission_bp: '',
};

export function supervisorToForm(s: Supervisor): SupervisorFormValues {
  return {
    first_name: s.first_name,
    last_name: s.last_name,
    phone: s.phone ?? '',
    email: s.email ?? '',
    username: s.username,
    password: '',
    permissions: [...s.permissions],
    surcussales: s.surcussales.map((x) => x.id),
    status: s.status,
    photo: s.photo,
    commission_bp: s.commission_bp === null ? '' : String(bpToPercent(s.commission_bp)).replace('.', ','),
  };
}

/**
 * Form -> multipart payload. On edit (`initial`), the status goes only when changed; the photo only when new;
 * the rate only when the user may set it (`rate`: not a supervisor; absent = unchanged on the server).
 */
export function supervisorPayload(v: SupervisorFormOutput, initial?: Supervisor, rate = true): SupervisorPayload {
  const base: SupervisorPayload = {
    first_name: v.first_name,
    last_name: v.last_name,
    phone: v.phone,
    email: v.email ?? '',
    username: v.username,
    permissions: v.permissions,
    surcussales: v.surcussales,
  };
  if (v.photo instanceof File) base.photo = v.photo;
  if (rate) base.commission_bp = v.commission_bp.trim() === '' ? '' : String(parsePercent(v.commission_bp));
  if (!initial) return { ...base, password: v.password ?? '', status: v.status === 'blocked' ? 'blocked' : 'active' };
  if (v.photo === null && initial.photo) base.remove_photo = true;
  if (v.status !== initial.status && v.status !== 'archived') base.status = v.status;
  return { ...base, id: initial.id };
}
