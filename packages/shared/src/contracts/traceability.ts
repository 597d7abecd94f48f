import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { AUDIT_ACTIONS } from './audit-actions';
import { errorBody } from './common';
import { listQuery, pageOf, sortKeys } from './list';

/**
 * Traceability (audit trail) screens: the entries of one actor role, in a day range of the company's
 * time zone. GET /api/companies/tracabilites-{agents|supervisors|companies}.
 */

export const TRACE_KINDS = ['agents', 'supervisors', 'companies'] as const;
export type TraceKind = (typeof TRACE_KINDS)[number];
/** The actor role each list shows. */
export const TRACE_ROLE: Record<TraceKind, 'agent' | 'supervisor' | 'company'> = {
  agents: 'agent',
  supervisors: 'supervisor',
  companies: 'company',
};

/** Default range: the last 7 days (today included). Longest range: 366 days. */
export const TRACE_DEFAULT_DAYS = 7;
export const TRACE_MAX_DAYS = 366;

/** Actions the filter offers: every action recorded (labels in `audit-actions.ts`); any other word is accepted too. */
export const TRACE_ACTIONS = AUDIT_ACTIONS;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isIsoDate(v: string): boolean {
  const m = ISO_DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', `${label} invalide (AAAA-MM-JJ)`);

export const traceQuery = listQuery
  .extend({
    sort: sortKeys(['at', 'username', 'action', 'entity']),
    start_date: day('Date de début').optional(),
    end_date: day('Date de fin').optional(),
    /** Newest first unless asked otherwise. */
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
    user_id: z.coerce.number({ error: 'Utilisateur invalide' }).int().positive('Utilisateur invalide').optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/, 'Action invalide')
      .optional(),
    entity: z
      .string()
      .trim()
      .regex(/^[a-z_-]{1,40}$/, 'Entité invalide')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'La date de fin doit suivre la date de début' });
  });
export type TraceQuery = z.input<typeof traceQuery>;

/** One field that changed: values rendered as text (JSON for objects), null when absent. */
export const traceChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type TraceChange = z.infer<typeof traceChange>;

export const traceEntry = z.object({
  /** The audit row's id; null for a sale, read from the ticket itself (no audit row). */
  id: z.number().int().nullable(),
  /** Unique in a list: `a<audit id>` or `s<ticket id>` (a sale). */
  key: z.string(),
  /** UTC instant (ISO 8601). */
  at: z.string(),
  /** The same instant on the company's wall clock ('YYYY-MM-DD HH:mm:ss'). */
  at_local: z.string(),
  timezone: z.string(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** What people call the entity: a ticket's number, a person's username, a record's name. */
  entity_label: z.string().nullable(),
  /** The company's currency (amounts of the changes are in its minor units unless they name another). */
  currency: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  changes: z.array(traceChange),
});
export type TraceEntry = z.infer<typeof traceEntry>;

/** A page, plus the day range and time zone actually used (defaults applied). */
export const tracePage = pageOf(traceEntry).extend({
  start_date: z.string(),
  end_date: z.string(),
  timezone: z.string(),
});
export type TracePage = z.infer<typeof tracePage>;

const tag = 'traceability';
/** Without 404 (a list has nothing to find). */
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody };
const summary = (who: string, sales = '') =>
  `Traçabilité des ${who} : journal d’audit par jour du fuseau de la compagnie (7 derniers jours par défaut, 366 au plus), page, tri, recherche, filtres user_id / action / entity, CSV${sales}` as const;

/** One list per actor role (`TRACE_KINDS`), each behind its own codename. */
export const traceabilityEndpoints = {
  agents: endpoint({
    method: 'GET',
    path: '/api/companies/tracabilites-agents',
    tag,
    summary: summary('vendeurs', ' ; les ventes (action sell) sont lues des fiches elles-mêmes'),
    access: allow.permission('view_traceagentaction'),
    query: traceQuery,
    response: tracePage,
    errors,
  }),
  supervisors: endpoint({
    method: 'GET',
    path: '/api/companies/tracabilites-supervisors',
    tag,
    summary: summary('superviseurs'),
    access: allow.permission('view_tracesupervisoraction'),
    query: traceQuery,
    response: tracePage,
    errors,
  }),
  companies: endpoint({
    method: 'GET',
    path: '/api/companies/tracabilites-companies',
    tag,
    // A platform codename: only the superuser holds it.
    access: allow.permission('view_tracecompanyaction'),
    summary: summary('compagnies'),
    query: traceQuery,
    response: tracePage,
    errors,
  }),
} satisfies Record<TraceKind, unknown>;

function render(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  // An amount past 2^53 reaches here as a bigint (contracts/money.ts): its digits, exact.
  return JSON.stringify(v, (_key, x) => (typeof x === 'bigint' ? x.toString() : x));
}

const blank = (v: string | null) => v === null || v === '' || v === '[]' || v === '{}';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The readable diff of an audit entry: one line per top-level field whose value differs (all fields of a
 * creation or a deletion). For an update, only the fields written (those of `after`) are compared: a
 * `before` often holds the whole record. A non-object value becomes the field « valeur ».
 */
export function diffChanges(before: unknown, after: unknown): TraceChange[] {
  const b = isRecord(before) ? before : before == null ? {} : { valeur: before };
  const a = isRecord(after) ? after : after == null ? {} : { valeur: after };
  const both = before != null && after != null;
  const keys = both ? Object.keys(a) : [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: TraceChange[] = [];
  for (const field of keys) {
    const rb = render(b[field]);
    const ra = render(a[field]);
    if (both && rb === ra) continue;
    // A creation (or a deletion) lists the fields that hold something.
    if (!both && blank(rb) && blank(ra)) continue;
    out.push({ field, before: rb, after: ra });
  }
  return out;
}
