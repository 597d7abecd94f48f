import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { checkDateRange, dateRangeFields } from './engine-common';
import { money } from './money';

/**
 * Reports (docs/domain.md « Money »). Figures come from the summaries maintained
 * in the sale, void, settlement and payment transactions (never from the bet lines): the same figure
 * everywhere (report, dashboard, the agent's POS day report). Periods are business days of the
 * company (start_date / end_date, default today); money in centimes.
 *
 * Definitions (every report):
 * - tickets, sales, commission: tickets sold in the period and not cancelled/deleted (a ticket on
 *   two draws counts once, but in each draw's row when grouped by draw);
 * - wins: winnings of those tickets (paid or not); payouts: paid out in the period (cash), net of
 *   reversals, counted for the agent who paid;
 * - balance = sales − payouts − commission (positive: the agent owes the company; negative « défisi »);
 * - net (GPC « gain ») = sales − commission − payouts; « perte » = payouts.
 * A supervisor sees only its agents; the superuser with « Toutes » sees every company (in the
 * selected country).
 */

export const reportFilters = {
  ...dateRangeFields,
  tirage_id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
  surcussale_id: z.coerce.number({ error: 'Succursale invalide' }).int().positive('Succursale invalide').optional(),
  agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
};
export const reportQuery = z
  .object({ ...reportFilters, format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json') })
  .superRefine(checkDateRange);
export type ReportQuery = z.input<typeof reportQuery>;

/**
 * The currency of the figures (ISO 4217) when the superuser's « Toutes » spans companies of several
 * currencies: amounts are never added across currencies. Ignored for a company (its own currency);
 * one that is not in the selection gives the default (the selected country's). The answer names it.
 */
export const currencyFilter = {
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Devise invalide (trois lettres, ex. HTG)')
    .optional(),
};

/** The report filters with a currency (the home board's sections and the winning lots). */
export const currencyReportQuery = z
  .object({
    ...reportFilters,
    ...currencyFilter,
    format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json'),
  })
  .superRefine(checkDateRange);

/** The figures of a row (and of the totals). */
export const figures = z.object({
  tickets: z.number().int(),
  sales: money,
  commission: money,
  cancelled: z.number().int(),
  cancelled_amount: money,
  wins: money,
  winners: z.number().int(),
  payouts: money,
  paid: z.number().int(),
  balance: money,
});
export type Figures = z.infer<typeof figures>;

/* ---- Sales report: GET /api/companies/rapports (view_report_vente) ---- */

export const FILTER_CHOICES = ['agent', 'surcussale', 'tirage', 'day'] as const;
/** What a report's rows are: the sales report's groupings, and the partial report per supervisor. */
export const REPORT_GROUPINGS = [...FILTER_CHOICES, 'supervisor'] as const;
export const salesReportQuery = z
  .object({
    ...reportFilters,
    filter_choice: z
      .enum(FILTER_CHOICES, { error: 'Regroupement invalide (agent, surcussale, tirage ou day)' })
      .default('agent'),
    format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json'),
  })
  .superRefine(checkDateRange);
/**
 * Currencies (issue 16): amounts of companies in different currencies are never added together. Each
 * row carries its currency (with « Toutes », a day is one row per currency); `totals_by_currency` has
 * one line per currency of the rows (a company: its one currency, even without rows); `totals` is that
 * line when there is one currency only, and null when the rows hold several.
 */
/**
 * A report's totals line: the figures, and the supervisors' commission (issue 20 §3) on the sales of
 * the rows (a supervisor reading: its own; one supervisor's report: that supervisor's).
 */
export const reportTotals = figures.extend({ supervisor_commission: money });
export type ReportTotals = z.infer<typeof reportTotals>;
export const currencyTotals = reportTotals.extend({ currency: z.string() });
export type CurrencyTotals = z.infer<typeof currencyTotals>;

export const reportRow = figures.extend({
  /** The group: an agent, sub-branch, draw or supervisor id (null: no sub-branch), or a day 'YYYY-MM-DD'. */
  key: z.union([z.number().int(), z.string()]).nullable(),
  label: z.string(),
  /** An agent row: its sub-branch. */
  detail: z.string().nullable(),
  /** The currency of the row's company. */
  currency: z.string(),
  /** A supervisor's row (issue 20): its rate (bp, null = none). */
  supervisor_commission_bp: z.number().int().nullable().optional(),
  /**
   * The supervisors' commission on the row's sales (issue 20 §3): per draw, agent and day, sales × the
   * rate of each supervisor watching the agent, half up, summed (a supervisor reading: its own only).
   */
  supervisor_commission: money,
});
export type ReportRow = z.infer<typeof reportRow>;
export const salesReport = z.object({
  start_date: z.string(),
  end_date: z.string(),
  filter_choice: z.enum(REPORT_GROUPINGS),
  /** The company's currency; with « Toutes », the rows' one currency (the country's when none or several). */
  currency: z.string(),
  rows: z.array(reportRow),
  /**
   * The sum of the rows, when they have one currency (null: several, see totals_by_currency). Grouped
   * by draw, a ticket on two draws is in both rows, so the counts (tickets, cancelled, winners, paid)
   * of the totals count it twice; the amounts are split per draw.
   */
  totals: reportTotals.nullable(),
  totals_by_currency: z.array(currencyTotals),
});
export type SalesReport = z.infer<typeof salesReport>;

/* ---- Partial (daily) report: view_report_partiel ---- */
/**
 * GET /api/companies/rapport-journalier: the company per day of the period;
 * /rapport-journalier-sup: per supervisor (its agents' figures; an agent watched by two supervisors
 *   is in both rows);
 * /rapport-journalier-ag-sup?supervisor_id=: per agent of one supervisor (required for the company;
 *   a supervisor: itself).
 * Same answer shape as the sales report (salesReport with filter_choice 'day' / 'supervisor' / 'agent').
 */
export const partialReportQuery = z
  .object({
    ...reportFilters,
    supervisor_id: z.coerce.number({ error: 'Superviseur invalide' }).int().positive('Superviseur invalide').optional(),
    format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json'),
  })
  .superRefine(checkDateRange);

/* ---- Agent control report: GET /api/companies/rapports-agent (view_report_agent) ---- */
/**
 * Rows: the agents with figures or wallet movements in the period, or something owed at its end.
 * surcussale_id filters on the agent's sub-branch; tirage_id narrows the figures only (the ledger has
 * no draw). Totals = the sum of the rows.
 */
export const agentReportRow = figures.extend({
  agent_id: z.number().int(),
  agent_name: z.string(),
  agent_username: z.string(),
  surcussale_name: z.string().nullable(),
  /** Wallet movements of the period: deposits (−), withdrawals (+), adjustments (±), transactions zero (±). */
  deposits: money,
  withdrawals: money,
  adjustments: money,
  zero: money,
  /** Collections of the period net of their reversals (−, issue 20 §2). */
  collections: money,
  /** What the agent owes at the end of the period (its ledger balance): « à collecter » if positive. */
  to_collect: money,
  /** The currency of the agent's company. */
  currency: z.string(),
  /** The agent's credit ceiling in force (prepaid: 0; null: none) and whether it blocks its sales now. */
  credit_limit: money.nullable(),
  credit_blocked: z.boolean(),
});
export type AgentReportRow = z.infer<typeof agentReportRow>;
export const agentReportTotals = agentReportRow.omit({
  agent_id: true,
  agent_name: true,
  agent_username: true,
  surcussale_name: true,
  credit_limit: true,
  credit_blocked: true,
});
export type AgentReportTotals = z.infer<typeof agentReportTotals>;
export const agentReport = z.object({
  start_date: z.string(),
  end_date: z.string(),
  currency: z.string(),
  rows: z.array(agentReportRow),
  /** The rows' sum when they have one currency (null: several); one line per currency (see above). */
  totals: agentReportTotals.nullable(),
  totals_by_currency: z.array(agentReportTotals),
});
export type AgentReport = z.infer<typeof agentReport>;

const tag = 'reports';
const PERIOD =
  'Période : start_date / end_date (jours ouvrables de la compagnie, par défaut aujourd’hui ; 366 jours au plus). ' +
  'Filtres : tirage_id, surcussale_id, agent_id. Solde = ventes − paiements − commission. `format=csv` : export.';
const partial = (path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    tag,
    summary,
    description: `${PERIOD} supervisor_id : les vendeurs de ce superviseur.`,
    access: allow.permission('view_report_partiel'),
    query: partialReportQuery,
    response: salesReport,
  });

export const reportEndpoints = {
  sales: endpoint({
    method: 'GET',
    path: '/api/companies/rapports',
    tag,
    summary: 'Rapport des ventes, regroupé par vendeur, succursale, tirage ou jour (filter_choice)',
    description: PERIOD,
    access: allow.permission('view_report_vente'),
    query: salesReportQuery,
    response: salesReport,
  }),
  daily: partial('/api/companies/rapport-journalier', 'Rapport partiel : par jour'),
  supervisors: partial(
    '/api/companies/rapport-journalier-sup',
    'Rapport partiel : par superviseur (les chiffres de ses vendeurs)',
  ),
  supervisorAgents: partial(
    '/api/companies/rapport-journalier-ag-sup',
    'Rapport partiel : par vendeur d’un superviseur (supervisor_id ; un superviseur : lui-même)',
  ),
  agents: endpoint({
    method: 'GET',
    path: '/api/companies/rapports-agent',
    tag,
    summary: 'Contrôle des vendeurs : chiffres, mouvements du portefeuille et montant à collecter',
    description: `${PERIOD} to_collect : solde du portefeuille du vendeur à la fin de la période.`,
    access: allow.permission('view_report_agent'),
    query: reportQuery,
    response: agentReport,
  }),
};
