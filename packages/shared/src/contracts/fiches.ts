import '../zod-setup';
import { z } from 'zod';
import { type Access, allow, endpoint, STANDARD_ERRORS } from '../endpoint';
import { errorBody } from './common';
import { checkDateRange, dateRangeFields, requiredId } from './engine-common';
import { listQuery, sortKeys } from './list';
import { money } from './money';

/**
 * Tickets (fiches). A ticket covers one or more draws of its sale date; each bet line is played on
 * every draw; free mariages (code 44, stake 0) are drawn per draw.
 *
 * Display status: en_attente (a draw has no result yet) | gagnant | perdant | paye | annule (by its
 * agent) | supprime (by the back office). A blocked ticket cannot be paid. A winning ticket is paid
 * once, for all its draws, when every draw has its result, until `expires_on`.
 */

export const FICHE_STATUSES = ['en_attente', 'gagnant', 'perdant', 'paye', 'annule', 'supprime'] as const;
export const ficheStatus = z.enum(FICHE_STATUSES);
export type FicheStatus = z.infer<typeof ficheStatus>;
export const DRAW_STATUSES = ['en_attente', 'gagnant', 'perdant', 'annule', 'supprime'] as const;

export const ficheDraw = z.object({
  tirage_id: z.number().int(),
  name: z.string(),
  draw_date: z.string(),
  amount: money,
  win_amount: money,
  status: z.enum(DRAW_STATUSES),
  result: z
    .object({ pick3: z.string(), pick4: z.string(), lot1: z.string(), lot2: z.string(), lot3: z.string() })
    .nullable(),
  /** « Résultat en attente »: a draw following an official session, its official time past, no result yet. */
  result_late: z.boolean(),
});
export type FicheDraw = z.infer<typeof ficheDraw>;

export const ficheLine = z.object({
  tirage_id: z.number().int(),
  /** Position on the ticket (1-based); free mariages come after the bets. */
  position: z.number().int(),
  code: z.number().int(),
  number: z.string(),
  stake: money,
  /** A free mariage (printed « gratuit »). */
  free: z.boolean(),
  win_amount: money,
});
export type FicheLine = z.infer<typeof ficheLine>;

/** A ticket as the point of sale, the public link and the back-office drawer read it. */
export const ficheView = z.object({
  id: z.number().int(),
  number: z.number().int(),
  ref_code: z.string(),
  /** The receipt's verification code (8 symbols, printed ABCD-EFGH): an agent pays with it or the QR. */
  verification_code: z.string(),
  sold_at: z.string(),
  sale_date: z.string(),
  status: ficheStatus,
  blocked: z.boolean(),
  amount: money,
  commission_amount: money,
  win_amount: money,
  paid_at: z.string().nullable(),
  paid_amount: money.nullable(),
  /** Last day a win can be paid. */
  expires_on: z.string(),
  /** Until when its agent may cancel it (the draws must also still be open). */
  cancel_until: z.string(),
  print_count: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  surcussale_name: z.string().nullable(),
  company_name: z.string(),
  company_logo: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  draws: z.array(ficheDraw),
  lines: z.array(ficheLine),
});
export type FicheView = z.infer<typeof ficheView>;

/**
 * A ticket in a list (GET /api/agents/fiches): the ticket without its lines, which a ticket may hold by
 * the hundred per draw. The lines come with the ticket itself (GET /api/agents/fiche?id=). A page's
 * size is thus bounded by its rows and their draws (both under ceilings), whatever the tickets hold.
 */
export const ficheSummary = ficheView.omit({ lines: true });
export type FicheSummary = z.infer<typeof ficheSummary>;

/** One problem of a refused sale: a line (1-based `line`), a draw (`tirage_id`) or the whole ticket. */
export const saleProblem = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
  tirage_id: z.number().int().optional(),
});
export type SaleProblem = z.infer<typeof saleProblem>;

/**
 * A refused sale (400 / 409): the first problem as every error answer (code, message, `fields['lines.<i>']`),
 * and `problems`, every problem of the ticket, so that the agent fixes them all at once (issue 16).
 */
export const saleRefusal = errorBody.extend({ problems: z.array(saleProblem).optional() });
export type SaleRefusal = z.infer<typeof saleRefusal>;

/* ---- Back office: lists, detail, actions ---- */

/** One row of the ticket lists. */
export const ficheRow = z.object({
  id: z.number().int(),
  number: z.number().int(),
  ref_code: z.string(),
  sold_at: z.string(),
  sale_date: z.string(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  agent_username: z.string(),
  surcussale_id: z.number().int().nullable(),
  surcussale_name: z.string().nullable(),
  tirages: z.array(z.object({ id: z.number().int(), name: z.string() })),
  amount: money,
  commission_amount: money,
  win_amount: money,
  status: ficheStatus,
  blocked: z.boolean(),
  paid_at: z.string().nullable(),
  paid_amount: money.nullable(),
  paid_by_name: z.string().nullable(),
  /** When and by whom it was cancelled / deleted, and why. */
  status_at: z.string().nullable(),
  status_by_name: z.string().nullable(),
  status_reason: z.string().nullable(),
  /** The ticket's company (lists of the superuser's « Toutes » span companies). */
  company_name: z.string(),
  currency: z.string(),
  timezone: z.string(),
});
export type FicheRow = z.infer<typeof ficheRow>;

/** The sums of the tickets of one currency. */
export const ficheCurrencyTotals = z.object({
  currency: z.string(),
  count: z.number().int(),
  amount: money,
  commission_amount: money,
  win_amount: money,
  paid_amount: money,
});
export type FicheCurrencyTotals = z.infer<typeof ficheCurrencyTotals>;

/**
 * The sums of every matching ticket. Amounts are never added across currencies: `by_currency` has one
 * entry per currency of the tickets; the amounts beside `count` are those of `currency`, the one
 * currency of the tickets (0 when there is none), and null when the tickets are of several currencies
 * (the superuser's « Toutes »).
 */
export const ficheTotals = z.object({
  count: z.number().int(),
  currency: z.string().nullable(),
  amount: money.nullable(),
  commission_amount: money.nullable(),
  win_amount: money.nullable(),
  paid_amount: money.nullable(),
  by_currency: z.array(ficheCurrencyTotals),
});
export type FicheTotals = z.infer<typeof ficheTotals>;

export const fichePage = z.object({
  results: z.array(ficheRow),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: ficheTotals,
});
export type FichePage = z.infer<typeof fichePage>;

/**
 * GET /api/companies/fiche (sold: every ticket not cancelled nor deleted), fiche-gagnants (winning:
 * win > 0, paid or not), fiche-payants (paid), fiche-supp (cancelled or deleted), each with
 * start_date / end_date (sale dates; default today), tirage_id, surcussale_id, agent_id, status,
 * search (number, agent), pagination, sort, CSV. `?id=` on /api/companies/fiche answers one ticket
 * with its events (ficheDetail).
 */
export const ficheListQuery = listQuery
  .extend({
    id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
    ...dateRangeFields,
    tirage_id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
    surcussale_id: z.coerce.number({ error: 'Succursale invalide' }).int().positive('Succursale invalide').optional(),
    agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
    status: ficheStatus.optional(),
    sort: sortKeys(['sold_at', 'number', 'amount', 'win_amount', 'paid_at', 'status_at', 'agent']),
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);
export type FicheListQuery = z.input<typeof ficheListQuery>;

export const ficheEvent = z.object({
  at: z.string(),
  action: z.string(),
  actor_name: z.string().nullable(),
  actor_role: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export const ficheDetail = ficheView.extend({
  agent_username: z.string(),
  paid_by_name: z.string().nullable(),
  status_at: z.string().nullable(),
  status_by_name: z.string().nullable(),
  status_reason: z.string().nullable(),
  /** Where it was sold (issue 20: company setting sale_location), when the agent's browser gave it. */
  location: z
    .object({ latitude: z.number(), longitude: z.number(), accuracy_m: z.number().int().nullable() })
    .nullable(),
  events: z.array(ficheEvent),
});
export type FicheDetail = z.infer<typeof ficheDetail>;

/**
 * PUT /api/companies/fiche: delete (with a reason, before results; delete_fiche), reactivate (before
 * the draws close and only if the limits still allow; reactivate_fiche), block / unblock (a blocked
 * ticket cannot be paid; block_fiche). Each is audited; answers the ticket.
 */
export const ficheAction = z
  .object({
    id: requiredId('L’identifiant'),
    action: z.enum(['delete', 'reactivate', 'block', 'unblock'], {
      error: 'Action invalide (delete, reactivate, block ou unblock)',
    }),
    reason: z.string().trim().max(300, 'Le motif est trop long (300 caractères au plus)').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'delete' && (!v.reason || v.reason.length < 3))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Le motif de la suppression est requis' });
  });
export type FicheAction = z.input<typeof ficheAction>;

/** POST /api/companies/fiches/pay {number}. */
export const ficheNumber = z.coerce
  .number({ error: 'Le numéro de fiche est requis' })
  .int('Numéro de fiche invalide')
  .positive('Numéro de fiche invalide')
  .max(Number.MAX_SAFE_INTEGER, 'Numéro de fiche invalide');
export const ficheNumberBody = z.object({ number: ficheNumber });

/** GET /api/public/fiche/{refCode}: the ticket alone (nothing else of the company). */
export const publicFiche = z.object({
  number: z.number().int(),
  sold_at: z.string(),
  sale_date: z.string(),
  status: ficheStatus,
  company_name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  amount: money,
  win_amount: money,
  paid_at: z.string().nullable(),
  expires_on: z.string(),
  draws: z.array(ficheDraw),
  lines: z.array(ficheLine),
});
export type PublicFiche = z.infer<typeof publicFiche>;

const tag = 'fiches';
const LIST_DESCRIPTION =
  'Période : start_date / end_date (dates de vente, par défaut aujourd’hui dans le fuseau de la compagnie). ' +
  'Filtres : tirage_id, surcussale_id, agent_id, status. `totals` couvre toute la sélection.';
const list = <const P extends string, const A extends Access>(path: P, summary: string, access: A) =>
  endpoint({
    method: 'GET',
    path: `/api/companies/${path}`,
    tag,
    summary,
    description: LIST_DESCRIPTION,
    access,
    query: ficheListQuery,
    response: fichePage,
  });

export const ficheEndpoints = {
  /** The sold tickets; `?id=` answers one ticket with its events to whoever may see any of the lists. */
  sold: endpoint({
    ...list(
      'fiche',
      'Fiches vendues ; ?id= : une fiche avec ses événements',
      allow.anyOf(['view_fichevente', 'view_fiche_win', 'view_fiche_delete']),
    ),
    response: fichePage.or(ficheDetail),
  }),
  winning: list('fiche-gagnants', 'Fiches gagnantes (payées ou non)', allow.permission('view_fiche_win')),
  paid: list('fiche-payants', 'Fiches payées', allow.permission('view_fiche_win')),
  deleted: list('fiche-supp', 'Fiches annulées ou supprimées', allow.permission('view_fiche_delete')),
  action: endpoint({
    method: 'PUT',
    path: '/api/companies/fiche',
    tag,
    summary: 'Supprimer (avec motif, avant les résultats), réactiver ou bloquer / débloquer une fiche',
    access: allow.anyOf(['delete_fiche', 'reactivate_fiche', 'block_fiche']),
    body: ficheAction,
    response: ficheView,
    // A refused reactivation names every problem of the ticket, as the sale's refusal (its limits and rules).
    errors: { ...STANDARD_ERRORS, 409: saleRefusal },
  }),
  /** The office pays by number alone (the winner lost the receipt, the QR does not read). */
  payAtOffice: endpoint({
    method: 'POST',
    path: '/api/companies/fiches/pay',
    tag,
    summary: 'Payer une fiche gagnante par son numéro, au bureau (une seule fois)',
    access: allow.permission('pay_fiche', ['company', 'supervisor']),
    body: ficheNumberBody,
    response: ficheView,
  }),
  /** The public link of the receipt's QR code (/fiche-view/{refCode}). */
  publicView: endpoint({
    method: 'GET',
    path: '/api/public/fiche/:refCode',
    tag: 'public',
    summary: 'Une fiche par son lien public',
    access: allow.public(),
    params: z.object({ refCode: z.string().max(100) }),
    response: publicFiche,
    errors: { 404: errorBody },
  }),
};
