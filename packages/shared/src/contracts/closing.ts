import '../zod-setup';
import { z } from 'zod';
import { isoDay } from './engine-common';
import { money } from './money';
import { figures } from './reports';

/**
 * The agent's day closing (Z report), GET /api/agents/closing?date= (posEndpoints.closing). Every
 * figure is one the company reads elsewhere, from the same sources (never recomputed from tickets):
 * - `draws`: the sales report grouped by draw (GET /api/companies/rapports?filter_choice=tirage) for
 *   this agent and day, from stats_agent_draw_day; `totals` is their sum (amounts split per draw add up
 *   to the day's; a ticket on two draws counts in each draw's counts, as in that report);
 * - `day`: the agent's day, a ticket counted once (GET /api/agents/report, the sales report per agent),
 *   from stats_agent_day; balance = sales − payouts − commission (positive: the agent owes the company);
 * - `wallet`: the ledger's day sums (wallet_agent_day), signed like the ledger and the agent control
 *   report (rapports-agent): + the agent owes more, − it owes less. `owed_end` is what it owes the
 *   company once the day is over (the control report's « à collecter »); negative: « défisi ».
 * - `supervisor_commission`: the reports' supervisors' commission for this agent and day.
 * Money in centimes (`money`: a JSON number, the string of its digits past 2^53).
 */

export const closingQuery = z.object({ date: isoDay('La date').optional() });

/** One draw of the closing: its figures that day for this agent. */
export const closingDraw = figures.extend({ tirage_id: z.number().int(), tirage_name: z.string() });
export type ClosingDraw = z.infer<typeof closingDraw>;

export const closingWallet = z.object({
  /** What the agent owed at the start of the day (every entry of the days before). */
  owed_start: money,
  /** Cash handed in (−), given by the company (+), adjustments (±), transactions zero (± and reversals). */
  deposits: money,
  withdrawals: money,
  adjustments: money,
  zero: money,
  /** Collections (« collecte ») of the day net of their reversals (−, issue 20 §2). */
  collections: money,
  /** Every entry of the day summed: its sales net of commission, cancellations, payouts and the moves above. */
  movement: money,
  /** owed_start + movement: what the agent owes the company at the end of the day. */
  owed_end: money,
});
export type ClosingWallet = z.infer<typeof closingWallet>;

export const agentClosing = z.object({
  /** The business day closed, 'YYYY-MM-DD'. */
  date: z.string(),
  /** When this closing was produced (ISO, UTC; shown in the company's zone). */
  produced_at: z.string(),
  company: z.object({ name: z.string(), currency: z.string(), timezone: z.string() }),
  agent: z.object({
    id: z.number().int(),
    name: z.string(),
    username: z.string(),
    surcussale_name: z.string().nullable(),
  }),
  draws: z.array(closingDraw),
  totals: figures,
  day: figures,
  /**
   * The supervisors' commission on this agent's sales of the day (issue 20 §3): what its supervisors
   * earn on them, as the reports and the dashboard sum it (per draw, half up). Not in the agent's
   * balance nor its ledger: the company pays it.
   */
  supervisor_commission: money,
  wallet: closingWallet,
});
export type AgentClosing = z.infer<typeof agentClosing>;
