import { okBody, pageOf } from '@borlette/shared';
import {
  type CompanyPayment,
  companyPayment,
  companyPaymentInput,
  companyPaymentListQuery,
  companyPaymentUpdate,
} from '@borlette/shared/contracts/billing';
import { errorBody } from '@borlette/shared/contracts/common';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { cancelPayment, createPayment, getPayment, paymentListSpec, updatePayment } from './payments.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['billing'];
/** The platform's records of the companies' payments: the superuser's (platform codenames). */
const SUPERUSER = ['superuser'] as const;
const BASE = '/api/companies/historics-payment';

const METHOD_LABEL: Record<string, string> = {
  sandbox: 'en ligne (démo)',
  moncash: 'MonCash',
  cash: 'espèces',
  transfer: 'virement',
  other: 'autre',
};
const money = centimesCell; // exact past 2^53 (contracts/money.ts)
const csvColumns: CsvColumn<CompanyPayment>[] = [
  { header: 'Date', value: (r) => r.paid_at.slice(0, 10) },
  { header: 'Compagnie', value: (r) => r.company_name },
  { header: 'Facture', value: (r) => r.invoice_number },
  { header: 'Montant', value: (r) => money(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Moyen', value: (r) => METHOD_LABEL[r.method] ?? r.method },
  { header: 'Référence', value: (r) => r.reference },
  { header: 'Note', value: (r) => r.note },
  { header: 'Statut', value: (r) => (r.status === 'confirmed' ? 'confirmé' : 'annulé') },
  { header: 'Saisi le', value: (r) => r.created_at },
];

export const historicsPaymentRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      BASE,
      {
        config: access.permission('view_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Historique des paiements des compagnies (en ligne et saisis) ; ?id= : un paiement',
          description:
            'Compagnie choisie (ou toutes celles du pays choisi) ; filtres company_id, method, start_date / end_date ' +
            '(date du paiement) ; recherche (référence, note, compagnie, facture) ; `format=csv`.',
          querystring: companyPaymentListQuery,
          response: { 200: companyPayment.or(pageOf(companyPayment)), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getPayment(raw, request, q.id);
        if (q.format === 'csv') {
          return sendCsv(
            reply,
            'paiements',
            csvColumns,
            await listAll<CompanyPayment>(raw, paymentListSpec(request, q), q),
          );
        }
        return listPage<CompanyPayment>(raw, paymentListSpec(request, q), q);
      },
    );

    app.post(
      BASE,
      {
        config: access.permission('add_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Saisir un paiement reçu (espèces, virement, autre) ; la facture est payée quand il la couvre',
          body: companyPaymentInput,
          response: { 200: companyPayment, ...errors },
        },
      },
      async (request) => createPayment(database, request, request.body),
    );

    app.put(
      BASE,
      {
        config: access.permission('change_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Corriger un paiement saisi (status: cancelled l’annule) ; un paiement en ligne ne change pas (409)',
          body: companyPaymentUpdate,
          response: { 200: companyPayment, ...errors },
        },
      },
      async (request) => updatePayment(database, request, request.body),
    );

    app.delete(
      BASE,
      {
        config: access.permission('change_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Annuler un paiement saisi (gardé dans l’historique, sa facture redevient due) ; en ligne : 409',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await cancelPayment(database, request, deleteIdOf(request));
        return { ok: true as const };
      },
    );
  };
