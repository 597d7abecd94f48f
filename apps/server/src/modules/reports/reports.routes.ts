import { addMoney, centimesCell } from '@borlette/shared/contracts/money';
import {
  type AgentReportRow,
  reportEndpoints as api,
  type Figures,
  type ReportRow,
  type SalesReport,
} from '@borlette/shared/contracts/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import type { RawClient } from '../../db/client';
import { authOf, type HasAuth } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { type CsvColumn, sendCsv } from '../_lib/list';
import { resolvePeriod } from '../_lib/report-scope';
import { agentReportRows, agentReportTotals } from './agent-report';
import {
  currencyTotals,
  type Grouping,
  groupedRows,
  isSupervisorInScope,
  type ReportFilters,
  reportCurrency,
  sumFigures,
} from './reports-query';

const GROUP_HEADERS: Record<Grouping, [string, string]> = {
  agent: ['Vendeur', 'Succursale'],
  surcussale: ['Succursale', 'Compagnie'],
  tirage: ['Tirage', 'Compagnie'],
  day: ['Jour', ''],
  supervisor: ['Superviseur', 'Succursales surveillées'],
};

const figureColumns = <T extends Figures>(): CsvColumn<T>[] => [
  { header: 'Fiches', value: (r) => r.tickets },
  { header: 'Ventes', value: (r) => centimesCell(r.sales) },
  { header: 'Commission', value: (r) => centimesCell(r.commission) },
  { header: 'Annulées', value: (r) => r.cancelled },
  { header: 'Montant annulé', value: (r) => centimesCell(r.cancelled_amount) },
  { header: 'Gains', value: (r) => centimesCell(r.wins) },
  { header: 'Fiches gagnantes', value: (r) => r.winners },
  { header: 'Paiements', value: (r) => centimesCell(r.payouts) },
  { header: 'Fiches payées', value: (r) => r.paid },
  { header: 'Solde', value: (r) => centimesCell(r.balance) },
];

type CsvRow = Omit<ReportRow, 'key'>;
function sendReportCsv(reply: FastifyReply, name: string, report: SalesReport) {
  const [label, detail] = GROUP_HEADERS[report.filter_choice];
  const columns: CsvColumn<CsvRow>[] = [
    { header: label, value: (r) => r.label },
    ...(detail ? [{ header: detail, value: (r: CsvRow) => r.detail }] : []),
    { header: 'Devise', value: (r) => r.currency },
    ...figureColumns<CsvRow>(),
    { header: 'Commission superviseurs', value: (r) => centimesCell(r.supervisor_commission) },
  ];
  // One total line per currency: amounts of different currencies are never added.
  const rows: CsvRow[] = [
    ...report.rows,
    ...report.totals_by_currency.map((t) => ({ label: 'Total', detail: null, ...t })),
  ];
  return sendCsv(reply, `${name}-${report.start_date}-${report.end_date}`, columns, rows, { dated: false });
}

type AgentCsvRow = Omit<AgentReportRow, 'agent_id' | 'credit_limit' | 'credit_blocked'> &
  Partial<Pick<AgentReportRow, 'credit_limit' | 'credit_blocked'>>;
const agentColumns: CsvColumn<AgentCsvRow>[] = [
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Identifiant', value: (r) => r.agent_username },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Devise', value: (r) => r.currency },
  ...figureColumns<AgentCsvRow>(),
  { header: 'Dépôts', value: (r) => centimesCell(r.deposits) },
  { header: 'Retraits', value: (r) => centimesCell(r.withdrawals) },
  { header: 'Ajustements', value: (r) => centimesCell(r.adjustments) },
  { header: 'Transactions zéro', value: (r) => centimesCell(r.zero) },
  { header: 'Collectes', value: (r) => centimesCell(r.collections) },
  { header: 'À collecter', value: (r) => centimesCell(r.to_collect) },
  { header: 'Plafond de crédit', value: (r) => (r.credit_limit == null ? '' : centimesCell(r.credit_limit)) },
  { header: 'Bloqué par le plafond', value: (r) => (r.credit_blocked ? 'oui' : '') },
];

const filtersOf = (q: ReportFilters): ReportFilters => ({
  tirage_id: q.tirage_id,
  surcussale_id: q.surcussale_id,
  agent_id: q.agent_id,
});

/**
 * The supervisor a partial report is limited to: a supervisor is always itself (another id: 404);
 * the company names one of its supervisors (404 when it is not one of the request's companies).
 */
async function supervisorOf(raw: RawClient, ctx: HasAuth, asked?: number): Promise<number | undefined> {
  const auth = authOf(ctx);
  if (auth.role === 'supervisor') {
    if (asked && asked !== auth.userId) throw notFound('Superviseur introuvable.');
    return auth.userId;
  }
  if (!asked) return undefined;
  if (!(await isSupervisorInScope(raw, ctx, asked))) throw notFound('Superviseur introuvable.');
  return asked;
}

export const reportsRoutes =
  ({ database, reportsDatabase }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read-only: served by the reports replica when one is configured (REPORTS_DATABASE_URL).
    const { raw } = reportsDatabase ?? database;

    async function report(
      request: HasAuth,
      q: ReportFilters & { start_date?: string; end_date?: string },
      group: Grouping,
      supervisorId?: number,
    ): Promise<SalesReport> {
      const period = await resolvePeriod(raw, request, q);
      const rows = await groupedRows(raw, request, { group, period, filters: filtersOf(q), supervisorId });
      const totals = currencyTotals(rows, period.currency, (r) => ({
        ...sumFigures(r),
        supervisor_commission: r.reduce((n, x) => addMoney(n, x.supervisor_commission), 0),
      }));
      return {
        start_date: period.start,
        end_date: period.end,
        filter_choice: group,
        currency: reportCurrency(totals.totals_by_currency, period.currency),
        rows,
        ...totals,
      };
    }

    route(app, api.sales, async (request, reply) => {
      const q = request.query;
      const r = await report(request, q, q.filter_choice);
      return q.format === 'csv' ? sendReportCsv(reply, `rapport-ventes-${q.filter_choice}`, r) : r;
    });

    const PARTIAL = [
      { endpoint: api.daily, group: 'day', csv: 'rapport-journalier' },
      { endpoint: api.supervisors, group: 'supervisor', csv: 'rapport-journalier-superviseurs' },
      { endpoint: api.supervisorAgents, group: 'agent', csv: 'rapport-journalier-vendeurs', needsSupervisor: true },
    ] as const;
    for (const p of PARTIAL) {
      route(app, p.endpoint, async (request, reply) => {
        const q = request.query;
        if ('needsSupervisor' in p && !q.supervisor_id && authOf(request).role !== 'supervisor') {
          throw badRequest('Choisissez un superviseur.', { supervisor_id: 'Le superviseur est requis' });
        }
        const supervisorId = await supervisorOf(raw, request, q.supervisor_id);
        const r = await report(request, q, p.group, supervisorId);
        return q.format === 'csv' ? sendReportCsv(reply, p.csv, r) : r;
      });
    }

    route(app, api.agents, async (request, reply) => {
      const q = request.query;
      const period = await resolvePeriod(raw, request, q);
      const rows = await agentReportRows(raw, request, period, filtersOf(q));
      const totals = currencyTotals(rows, period.currency, agentReportTotals);
      if (q.format === 'csv') {
        const all: AgentCsvRow[] = [
          ...rows,
          ...totals.totals_by_currency.map((t) => ({
            agent_name: 'Total',
            agent_username: '',
            surcussale_name: null,
            ...t,
          })),
        ];
        return sendCsv(reply, `rapport-vendeurs-${period.start}-${period.end}`, agentColumns, all, { dated: false });
      }
      return {
        start_date: period.start,
        end_date: period.end,
        currency: reportCurrency(totals.totals_by_currency, period.currency),
        rows,
        ...totals,
      };
    });
  };
