import type { AgentReportRow, Figures, ReportRow } from '@borlette/shared/contracts/reports';
import type { FigureColumn } from '../../../lib/figures';

/** A row of the figures of a period (a sales row, a total: its label is given apart). */
type FigureRow = Pick<Figures, 'tickets' | 'sales' | 'commission' | 'wins' | 'payouts' | 'balance'>;

/** The figures every report shows (contracts/reports.ts defines each one). */
export const FIGURE_COLUMNS: FigureColumn<FigureRow>[] = [
  { id: 'tickets', label: 'columns.tickets', kind: 'count', value: (r) => r.tickets },
  { id: 'sales', label: 'columns.sales', kind: 'money', value: (r) => r.sales },
  { id: 'commission', label: 'columns.commission', kind: 'money', value: (r) => r.commission },
  { id: 'wins', label: 'columns.wins', kind: 'money', value: (r) => r.wins },
  { id: 'payouts', label: 'columns.payouts', kind: 'money', value: (r) => r.payouts },
  { id: 'balance', label: 'columns.balance', kind: 'balance', value: (r) => r.balance },
];

export type Grouping = 'agent' | 'surcussale' | 'tirage' | 'day' | 'supervisor';

/**
 * The first column of a sales / partial report: what a row is. A day row shows its date in the
 * language (`fDay`); a row without a group (no sub-branch…) its label as the server wrote it.
 */
export function groupColumn(grouping: Grouping, fDay: (day: string) => string = (d) => d): FigureColumn<ReportRow> {
  return {
    id: 'label',
    label: `group.${grouping}`,
    kind: 'text',
    value: (r) => (grouping === 'day' && typeof r.key === 'string' ? fDay(r.key) : r.label),
    caption: (r) => r.detail,
  };
}

/**
 * The supervisors' commission on the row's sales (issue 20 §3), and on the totals line: beside the
 * agents' commission, not in the balance (the agents' own). Per supervisor: its commission.
 */
const SUPERVISOR_COMMISSION: FigureColumn<Pick<ReportRow, 'supervisor_commission'>> = {
  id: 'supervisor_commission',
  label: 'columns.supervisorCommission',
  kind: 'money',
  value: (r) => r.supervisor_commission,
};

export const salesColumns = (grouping: Grouping, fDay?: (day: string) => string): FigureColumn<ReportRow>[] => [
  groupColumn(grouping, fDay),
  ...(FIGURE_COLUMNS as FigureColumn<ReportRow>[]),
  { ...SUPERVISOR_COMMISSION, hideOnPhone: grouping !== 'supervisor' },
];

/** Agent control: its sales of the period, its wallet movements, what is left to collect. */
export const AGENT_COLUMNS: FigureColumn<AgentReportRow>[] = [
  {
    id: 'agent',
    label: 'columns.agent',
    kind: 'text',
    value: (r) => r.agent_name || r.agent_username,
    caption: (r) => [r.agent_username, r.surcussale_name].filter(Boolean).join(' · ') || null,
  },
  { id: 'tickets', label: 'columns.tickets', kind: 'count', value: (r) => r.tickets, hideOnPhone: true },
  { id: 'sales', label: 'columns.sales', kind: 'money', value: (r) => r.sales },
  { id: 'commission', label: 'columns.commission', kind: 'money', value: (r) => r.commission, hideOnPhone: true },
  { id: 'payouts', label: 'columns.payouts', kind: 'money', value: (r) => r.payouts, hideOnPhone: true },
  { id: 'balance', label: 'columns.balance', kind: 'balance', value: (r) => r.balance },
  { id: 'deposits', label: 'columns.deposits', kind: 'money', value: (r) => r.deposits, hideOnPhone: true },
  { id: 'withdrawals', label: 'columns.withdrawals', kind: 'money', value: (r) => r.withdrawals, hideOnPhone: true },
  { id: 'adjustments', label: 'columns.adjustments', kind: 'money', value: (r) => r.adjustments, hideOnPhone: true },
  { id: 'zero', label: 'columns.zero', kind: 'money', value: (r) => r.zero, hideOnPhone: true },
  { id: 'collections', label: 'columns.collections', kind: 'money', value: (r) => r.collections, hideOnPhone: true },
  { id: 'to_collect', label: 'columns.toCollect', kind: 'balance', value: (r) => r.to_collect },
  // The supervisor's view of its agents' credit: the ceiling in force, and « ⛔ » when it blocks the sale now.
  {
    id: 'credit_limit',
    label: 'columns.creditLimit',
    kind: 'money',
    value: (r) => ('credit_limit' in r ? (r.credit_limit ?? null) : null),
    hideOnPhone: true,
  },
  {
    id: 'credit_blocked',
    label: 'columns.creditBlocked',
    kind: 'text',
    value: (r) => ('credit_blocked' in r && r.credit_blocked ? '⛔' : ''),
  },
];

const CREDIT_COLUMNS = new Set(['credit_limit', 'credit_blocked']);

/**
 * The agent control's columns for these rows: the credit columns only when an agent of the period has a
 * ceiling in force (most companies set none; two empty columns would push « À collecter » off a 1440 px
 * screen).
 */
export function agentColumnsFor(rows: readonly AgentReportRow[] | undefined): FigureColumn<AgentReportRow>[] {
  const credit = rows?.some((r) => 'credit_limit' in r && r.credit_limit != null);
  return credit ? AGENT_COLUMNS : AGENT_COLUMNS.filter((c) => !CREDIT_COLUMNS.has(c.id));
}
