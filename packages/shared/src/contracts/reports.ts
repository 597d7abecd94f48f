import '../zod-setup';
import { z } from 'zod';
import { checkDateRange, dateRangeFields, SOLD_BET_CODES } from './engine-common';
import { listQuery } from './list';
import { money } from './money';

/**
 * Reports, statistics and dashboards (domain.md « Money »). Figures come from the summaries maintained
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
export const currencyTotals = figures.extend({ currency: z.string() });
export type CurrencyTotals = z.infer<typeof currencyTotals>;

export const reportRow = figures.extend({
  /** The group: an agent, sub-branch, draw or supervisor id (null: no sub-branch), or a day 'YYYY-MM-DD'. */
  key: z.union([z.number().int(), z.string()]).nullable(),
  label: z.string(),
  /** An agent row: its sub-branch. */
  detail: z.string().nullable(),
  /** The currency of the row's company. */
  currency: z.string(),
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
  totals: figures.nullable(),
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
  /** What the agent owes at the end of the period (its ledger balance): « à collecter » if positive. */
  to_collect: money,
  /** The currency of the agent's company. */
  currency: z.string(),
});
export type AgentReportRow = z.infer<typeof agentReportRow>;
export const agentReportTotals = agentReportRow.omit({
  agent_id: true,
  agent_name: true,
  agent_username: true,
  surcussale_name: true,
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

/* ---- Statistics: GET /api/companies/statistiques (view_statistique) ---- */
/**
 * Amount sold per number and game in the period (from the limit counters, net of cancellations; free
 * mariages are not counted), with the limit in force for the company (exposure). `lotto_id` filters
 * one game code (20, 30, 40, 41…). Rows: the company-wide counters; with agent_id that agent's; with
 * surcussale_id its agents'; a supervisor only ever its agents'. Sorted by amount (largest first),
 * 50 000 rows at most (every bolet row always); `total` covers every row.
 */
export const statisticsQuery = z
  .object({
    ...reportFilters,
    lotto_id: z.coerce
      .number({ error: 'Jeu invalide' })
      .int('Jeu invalide')
      .refine((c) => (SOLD_BET_CODES as number[]).includes(c), 'Jeu inconnu (20, 30, 40, 41-43, 51-53)')
      .optional(),
    /** The table's page (largest amount first); the figures, the grid and the CSV cover every number. */
    page: listQuery.shape.page,
    page_size: z.coerce
      .number({ error: 'La taille de page doit être un nombre' })
      .int('La taille de page doit être un entier')
      .min(1, 'La taille de page doit être au moins 1')
      .max(500, 'La taille de page est de 500 au plus')
      .default(25),
    /** Digits of the number (« 12*34 » finds « 12*34 » and « 1234 »); other characters are ignored. */
    search: z
      .string()
      .max(20, 'La recherche est trop longue (20 caractères au plus)')
      .optional()
      .transform((v) => v?.replace(/\D/g, '') || undefined),
    ...currencyFilter,
    format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json'),
  })
  .superRefine(checkDateRange);
export const statisticsRow = z.object({
  code: z.number().int(),
  number: z.string(),
  amount: money,
  /** The company limit for that number and game (the tightest over the draws), null without one. */
  limit: money.nullable(),
});
export const statistics = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** The currency of every amount of the answer; `currencies`: those of the selection (currencyFilter). */
  currency: z.string(),
  currencies: z.array(z.string()),
  /** One page of the numbers matching `search`, largest amount first (then game, number). */
  rows: z.array(statisticsRow),
  /** Numbers matching `search` (the table's length). */
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Every (game, number) sold in the selection, whatever `search`. */
  numbers: z.number().int(),
  /** The number sold most, and the one nearest its limit (largest amount ÷ limit), over every number. */
  top: statisticsRow.nullable(),
  exposed: statisticsRow.nullable(),
  /**
   * The bolet grid 00-99 (code 20): amount per ball, its limit, and whether the ball is blocked now
   * (blocage-boule, active): 'all' for every draw asked (the draw filtered on, or all draws), 'some'
   * for some of the company's draws only, null when it sells.
   */
  bolet: z.array(
    z.object({
      number: z.string(),
      amount: money,
      limit: money.nullable(),
      blocked: z.enum(['all', 'some']).nullable(),
    }),
  ),
  total: money,
});
export type Statistics = z.infer<typeof statistics>;

/* ---- Winning lots: GET /api/companies/lotgagnant (view_lot_gagnant_partiel) ---- */
export const lotGagnantRow = z.object({
  tirage_id: z.number().int(),
  tirage_name: z.string(),
  draw_date: z.string(),
  pick3: z.string(),
  pick4: z.string(),
  lot1: z.string(),
  lot2: z.string(),
  lot3: z.string(),
  tickets: z.number().int(),
  winners: z.number().int(),
  wins: money,
  /** The currency of `wins`: the draw's company's. */
  currency: z.string(),
});
export const lotGagnant = z.object({ rows: z.array(lotGagnantRow), currency: z.string() });
export type LotGagnant = z.infer<typeof lotGagnant>;

/* ---- Dashboards: GET /api/companies/app… (view_app_report; charts view_graphe) ---- */
/**
 * app: KPI cards of the period; app-journalier: per day series; appTirage: per draw; appTirage-lotgagnant:
 * the winning lots of the period's last day; appFiche: tickets by status; appLotto: sales per game
 * (bet code) from the counters; appGain: wins and payouts per day; appGpc: gain / perte / commission per
 * day. Each takes the report filters; the superuser with « Toutes » gets the platform totals.
 */
export const dashboardQuery = z
  .object({
    ...reportFilters,
    ...currencyFilter,
    format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json'),
  })
  .superRefine(checkDateRange);
/*
 * Answers: app -> dashboardKpis (view_app_report); app-journalier, appGain, appGpc -> dailySeries (one
 * row per day of the period, zeros included; GPC: gain = net, perte = payouts, commission);
 * appTirage -> drawSeries (draws with tickets); appLotto -> gameSeries (codes sold); appFiche ->
 * ficheStatusSeries (the six statuses, always in that order); all view_graphe; appTirage-lotgagnant
 * -> lotGagnant of the period's last day (view_app_lot_gagnant). `format` is ignored (JSON only).
 */
export const dashboardKpis = figures.extend({
  net: money,
  active_agents: z.number().int(),
  /** The currency of every amount of the answer; `currencies`: those of the selection (currencyFilter). */
  currency: z.string(),
  currencies: z.array(z.string()),
  start_date: z.string(),
  end_date: z.string(),
  top_agents: z.array(z.object({ id: z.number().int(), name: z.string(), sales: money })),
  top_surcussales: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), sales: money })),
});
export type DashboardKpis = z.infer<typeof dashboardKpis>;
export const dailySeries = z.array(
  z.object({
    date: z.string(),
    sales: money,
    commission: money,
    payouts: money,
    wins: money,
    net: money,
    tickets: z.number().int(),
    winners: z.number().int(),
    paid: z.number().int(),
    currency: z.string(),
  }),
);
export const drawSeries = z.array(
  z.object({
    tirage_id: z.number().int(),
    name: z.string(),
    sales: money,
    wins: money,
    tickets: z.number().int(),
    currency: z.string(),
  }),
);
export const gameSeries = z.array(
  z.object({ code: z.number().int(), label: z.string(), sales: money, currency: z.string() }),
);
export const ficheStatusSeries = z.array(z.object({ status: z.string(), count: z.number().int() }));
