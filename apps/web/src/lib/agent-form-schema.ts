import { type Agent, type AgentInput, type AgentUpdate, agentInput } from '@borlette/shared/contracts/agents';
import { bpToPercent, percentToBp } from '@borlette/shared/contracts/people';
import { z } from 'zod';
import { ApiError, isApiError } from './api-client';
import { centimesToInput, parseAmount } from './money';

/** Commission typed as a percent with up to 2 decimals ('12,5' or '12.5'); empty = the company's default. */
export const percentField = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d{1,3}([.,]\d{1,2})?$/.test(v) && Number(v.replace(',', '.')) <= 100),
    'Un pourcentage de 0 à 100, avec 2 décimales au plus',
  );

export const parsePercent = (v: string): number | null =>
  v.trim() === '' ? null : percentToBp(Number(v.trim().replace(',', '.')));

/** A rate for people: '12,5 %' in the UI's locale. */
export function formatPercent(bp: number, locale?: string): string {
  return `${bpToPercent(bp).toLocaleString(locale, { maximumFractionDigits: 2 })} %`;
}

/** The contract's fields (names, phone, username, sub-branch, password), and the form's own widgets. */
export const agentCreateForm = agentInput
  .omit({
    supervisor_id: true,
    commission_bp: true,
    can_cancel: true,
    status: true,
    credit_limit: true,
    credit_mode: true,
  })
  .extend({
    supervisor_id: z.number().int().positive().nullable(),
    commission_percent: percentField,
    can_cancel: z.boolean(),
    status: z.enum(['active', 'blocked', 'archived']),
    /** HTG as typed ('1 250,50'); empty = the company's default ceiling. */
    credit_limit_htg: z
      .string()
      .trim()
      .refine((v) => v === '' || parseAmount(v) !== null, 'Un montant en HTG, avec 2 décimales au plus'),
    /** '' = the company's mode. */
    credit_mode: z.enum(['', 'ceiling', 'prepaid']),
  });
/** On edit the password changes elsewhere (its own dialog): the field stays empty. */
export const agentEditForm = agentCreateForm.extend({ password: z.string() });
export type AgentFormValues = z.input<typeof agentCreateForm>;

export const EMPTY_AGENT: AgentFormValues = {
  first_name: '',
  last_name: '',
  phone: '',
  username: '',
  password: '',
  surcussale_id: null as unknown as number,
  supervisor_id: null,
  commission_percent: '',
  can_cancel: true,
  status: 'active',
  credit_limit_htg: '',
  credit_mode: '',
};

export function agentToForm(a: Agent): AgentFormValues {
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone ?? '',
    username: a.username,
    password: '',
    surcussale_id: a.surcussale_id as number,
    supervisor_id: a.supervisor_id,
    commission_percent: a.commission_bp === null ? '' : String(bpToPercent(a.commission_bp)).replace('.', ','),
    can_cancel: a.can_cancel,
    status: a.status,
    credit_limit_htg: a.credit_limit === null ? '' : centimesToInput(a.credit_limit),
    credit_mode: a.credit_mode ?? '',
  };
}

/** Form -> API body. `initialStatus`: on edit, the status is sent only when it changed. */
export function agentPayload(
  v: AgentFormValues,
  initialStatus?: Agent['status'],
): AgentInput | Omit<AgentUpdate, 'id'> {
  const base = {
    first_name: v.first_name,
    last_name: v.last_name,
    phone: v.phone,
    username: v.username,
    surcussale_id: v.surcussale_id,
    supervisor_id: v.supervisor_id,
    commission_bp: parsePercent(v.commission_percent),
    can_cancel: v.can_cancel,
    credit_limit: v.credit_limit_htg.trim() === '' ? null : parseAmount(v.credit_limit_htg),
    credit_mode: v.credit_mode === '' ? null : v.credit_mode,
  };
  if (initialStatus === undefined) {
    return { ...base, password: v.password ?? '', status: v.status === 'blocked' ? 'blocked' : 'active' };
  }
  return v.status !== initialStatus && v.status !== 'archived' ? { ...base, status: v.status } : base;
}

/** The server names API fields; the form names some differently (commission_bp -> commission_percent). */
export function renameErrorFields(error: unknown, map: Record<string, string>): unknown {
  if (!isApiError(error) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [map[k] ?? k, m]));
  return new ApiError(error.statusCode, { ...(error.body as object), fields });
}
