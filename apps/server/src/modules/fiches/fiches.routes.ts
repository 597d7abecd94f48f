import { ficheEndpoints as api, type FicheRow } from '@borlette/shared/contracts/fiches';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { Codename } from '@borlette/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite, requirePermission } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import {
  type FicheListKind,
  ficheDayTotals,
  ficheIdByNumber,
  ficheList,
  ficheTotals,
  fromDaySummaries,
  getFicheDetail,
} from './fiches-query';
import { deleteFiche, payFiche, reactivateFiche, setFicheBlocked } from './lifecycle';

/** An instant in the ticket's company zone, as French spreadsheets read it (the screens show the same). */
const local = (iso: string | null, timezone: string) =>
  iso
    ? new Intl.DateTimeFormat('fr-FR', { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(iso),
      )
    : '';
const STATUS_LABEL: Record<string, string> = {
  en_attente: 'En attente',
  gagnant: 'Gagnant',
  perdant: 'Perdant',
  paye: 'Payé',
  annule: 'Annulé',
  supprime: 'Supprimé',
};
const csvColumns: CsvColumn<FicheRow>[] = [
  { header: 'Numéro', value: (r) => r.number },
  { header: 'Vendue le', value: (r) => local(r.sold_at, r.timezone) },
  { header: 'Date', value: (r) => r.sale_date },
  { header: 'Vendeur', value: (r) => `${r.agent_name} (${r.agent_username})` },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Tirages', value: (r) => r.tirages.map((t) => t.name).join(', ') },
  { header: 'Montant', value: (r) => centimesCell(r.amount) },
  { header: 'Commission', value: (r) => centimesCell(r.commission_amount) },
  { header: 'Gain', value: (r) => centimesCell(r.win_amount) },
  { header: 'Statut', value: (r) => STATUS_LABEL[r.status] ?? r.status },
  { header: 'Bloquée', value: (r) => r.blocked },
  { header: 'Payée le', value: (r) => local(r.paid_at, r.timezone) },
  { header: 'Payée par', value: (r) => r.paid_by_name },
  { header: 'Annulée / supprimée le', value: (r) => local(r.status_at, r.timezone) },
  { header: 'Par', value: (r) => r.status_by_name },
  { header: 'Motif', value: (r) => r.status_reason },
  { header: 'Compagnie', value: (r) => r.company_name },
  // The amounts' currency: the superuser's « Toutes » exports companies of several.
  { header: 'Devise', value: (r) => r.currency },
];

/** The four lists of the spec: endpoint, permission, content, CSV name. */
const LISTS = [
  { endpoint: api.sold, permission: 'view_fichevente', kind: 'sold', csv: 'fiches-vendues' },
  { endpoint: api.winning, permission: 'view_fiche_win', kind: 'winning', csv: 'fiches-gagnantes' },
  { endpoint: api.paid, permission: 'view_fiche_win', kind: 'paid', csv: 'fiches-payees' },
  { endpoint: api.deleted, permission: 'view_fiche_delete', kind: 'deleted', csv: 'fiches-supprimees' },
] as const satisfies readonly { endpoint: unknown; permission: Codename; kind: FicheListKind; csv: string }[];

export const fichesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    for (const list of LISTS) {
      // GET /api/companies/fiche?id= answers one ticket to whoever may see any of the lists.
      const isMain = list.kind === 'sold';
      route(app, list.endpoint as typeof api.sold, async (request, reply) => {
        const q = request.query;
        if (isMain && q.id) return getFicheDetail(request, raw, q.id);
        if (isMain) requirePermission(request, list.permission);
        const companyId = companyScope(request);
        const source = ficheList(request, list.kind, q, companyId);
        if (q.format === 'csv') return sendCsv(reply, list.csv, csvColumns, await queryAll(raw, source, q));
        // Unnarrowed sold tickets: the totals (and so the count) from the day summaries, the page from
        // the index; otherwise both over the matching tickets.
        if (fromDaySummaries(list.kind, q)) {
          const totals = await ficheDayTotals(request, raw, q, companyId);
          return { ...(await queryPage(raw, source, q, { count: totals.count })), totals };
        }
        const page = await queryPage(raw, source, q);
        return { ...page, totals: await ficheTotals(raw, source, q) };
      });
    }

    route(app, api.action, async (request) => {
      const { id, action, reason } = request.body;
      const needed: Codename =
        action === 'delete' ? 'delete_fiche' : action === 'reactivate' ? 'reactivate_fiche' : 'block_fiche';
      requirePermission(request, needed);
      const companyId = companyForWrite(request);
      // Within the supervisor's scope: the detail read refuses (404) a ticket it may not see.
      await getFicheDetail(request, raw, id);
      const ctx = contextOf(request);
      if (action === 'delete') return deleteFiche(database, ctx, companyId, id, reason ?? '');
      if (action === 'reactivate') return reactivateFiche(database, ctx, companyId, id);
      return setFicheBlocked(database, ctx, companyId, id, action === 'block');
    });

    // The office pays by number alone (the winner lost the receipt, the QR does not read): a
    // codename of its own, within the supervisor's sub-branches; booked to the user who paid.
    route(app, api.payAtOffice, async (request) => {
      const companyId = companyForWrite(request);
      const id = await ficheIdByNumber(raw, companyId, request.body.number);
      // Within the supervisor's scope: the detail read refuses (404) a ticket it may not see.
      await getFicheDetail(request, raw, id);
      return payFiche(database, contextOf(request), companyId, id);
    });
  };
