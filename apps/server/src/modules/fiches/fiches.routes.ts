import { errorBody } from '@borlette/shared/contracts/common';
import {
  type FicheRow,
  ficheAction,
  ficheDetail,
  ficheListQuery,
  ficheNumberBody,
  fichePage,
  ficheView,
} from '@borlette/shared/contracts/fiches';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { Codename } from '@borlette/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite, requirePermission } from '../../http/auth';
import { notFound } from '../../http/errors';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import {
  type FicheListKind,
  ficheDayTotals,
  ficheListSpec,
  ficheTotals,
  fromDaySummaries,
  ficheDetail as loadDetail,
} from './fiches-query';
import { deleteFiche, payFiche, reactivateFiche, setFicheBlocked } from './lifecycle';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['fiches'];

const money = centimesCell; // exact past 2^53 (contracts/money.ts)
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
  { header: 'Montant', value: (r) => money(r.amount) },
  { header: 'Commission', value: (r) => money(r.commission_amount) },
  { header: 'Gain', value: (r) => money(r.win_amount) },
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

/** The four lists of the spec: path, permission, content, CSV name. */
const LISTS: { path: string; permission: Codename; kind: FicheListKind; csv: string; summary: string }[] = [
  { path: 'fiche', permission: 'view_fichevente', kind: 'sold', csv: 'fiches-vendues', summary: 'Fiches vendues' },
  {
    path: 'fiche-gagnants',
    permission: 'view_fiche_win',
    kind: 'winning',
    csv: 'fiches-gagnantes',
    summary: 'Fiches gagnantes (payées ou non)',
  },
  { path: 'fiche-payants', permission: 'view_fiche_win', kind: 'paid', csv: 'fiches-payees', summary: 'Fiches payées' },
  {
    path: 'fiche-supp',
    permission: 'view_fiche_delete',
    kind: 'deleted',
    csv: 'fiches-supprimees',
    summary: 'Fiches annulées ou supprimées',
  },
];
const VIEW_ANY: Codename[] = ['view_fichevente', 'view_fiche_win', 'view_fiche_delete'];

export const fichesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    for (const list of LISTS) {
      // GET /api/companies/fiche?id= answers one ticket to whoever may see any of the lists.
      const isMain = list.path === 'fiche';
      app.get(
        `/api/companies/${list.path}`,
        {
          config: isMain ? access.anyOf(VIEW_ANY) : access.permission(list.permission),
          schema: {
            tags,
            summary: isMain ? `${list.summary} ; ?id= : une fiche avec ses événements` : list.summary,
            description:
              'Période : start_date / end_date (dates de vente, par défaut aujourd’hui dans le fuseau de la compagnie). ' +
              'Filtres : tirage_id, surcussale_id, agent_id, status. `totals` couvre toute la sélection.',
            querystring: ficheListQuery,
            response: { 200: isMain ? fichePage.or(ficheDetail) : fichePage, ...errors },
          },
        },
        async (request, reply) => {
          const q = request.query;
          if (isMain && q.id) return loadDetail(request, raw, q.id);
          if (isMain) requirePermission(request, list.permission);
          const companyId = companyScope(request);
          if (q.format === 'csv') {
            const rows = await listAll<FicheRow>(raw, ficheListSpec(request, list.kind, q, companyId), q);
            return sendCsv(reply, list.csv, csvColumns, rows);
          }
          // Unnarrowed sold tickets: the totals (and so the count) from the day summaries, the page from
          // the index; otherwise both over the matching tickets.
          if (fromDaySummaries(list.kind, q)) {
            const totals = await ficheDayTotals(request, raw, q, companyId);
            const spec = ficheListSpec(request, list.kind, q, companyId);
            return { ...(await listPage<FicheRow>(raw, spec, q, { count: totals.count })), totals };
          }
          const page = await listPage<FicheRow>(raw, ficheListSpec(request, list.kind, q, companyId), q);
          const totals = await ficheTotals(raw, ficheListSpec(request, list.kind, q, companyId), q);
          return { ...page, totals };
        },
      );
    }

    app.put(
      '/api/companies/fiche',
      {
        config: access.anyOf(['delete_fiche', 'reactivate_fiche', 'block_fiche']),
        schema: {
          tags,
          summary: 'Supprimer (avec motif, avant les résultats), réactiver ou bloquer / débloquer une fiche',
          body: ficheAction,
          response: { 200: ficheView, ...errors },
        },
      },
      async (request) => {
        const { id, action, reason } = request.body;
        const needed: Codename =
          action === 'delete' ? 'delete_fiche' : action === 'reactivate' ? 'reactivate_fiche' : 'block_fiche';
        requirePermission(request, needed);
        const companyId = companyForWrite(request);
        // Within the supervisor's scope: the detail read refuses (404) a ticket it may not see.
        await loadDetail(request, raw, id);
        if (action === 'delete') return deleteFiche(database, request, companyId, id, reason ?? '');
        if (action === 'reactivate') return reactivateFiche(database, request, companyId, id);
        return setFicheBlocked(database, request, companyId, id, action === 'block');
      },
    );

    // The office pays by number alone (the winner lost the receipt, the QR does not read): a
    // codename of its own, within the supervisor's sub-branches; booked to the user who paid.
    app.post(
      '/api/companies/fiches/pay',
      {
        config: access.permission('pay_fiche', ['company', 'supervisor']),
        schema: {
          tags,
          summary: 'Payer une fiche gagnante par son numéro, au bureau (une seule fois)',
          body: ficheNumberBody,
          response: { 200: ficheView, ...errors },
        },
      },
      async (request) => {
        const companyId = companyForWrite(request);
        const [row] = await raw.query<{ id: number }>('SELECT id FROM fiches WHERE company_id = $1 AND number = $2', [
          companyId,
          request.body.number,
        ]);
        if (!row) throw notFound('Fiche introuvable.');
        // Within the supervisor's scope: the detail read refuses (404) a ticket it may not see.
        await loadDetail(request, raw, row.id);
        return payFiche(database, request, companyId, row.id);
      },
    );
  };
