import { billingEndpoints as api, type CompanyPayment } from '@borlette/shared/contracts/billing';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { cancelPayment, createPayment, updatePayment } from './payments.service';
import { getPayment, paymentList } from './payments-query';

const METHOD_LABEL: Record<string, string> = {
  sandbox: 'en ligne (démo)',
  moncash: 'MonCash',
  cash: 'espèces',
  transfer: 'virement',
  other: 'autre',
};
const csvColumns: CsvColumn<CompanyPayment>[] = [
  { header: 'Date', value: (r) => r.paid_at.slice(0, 10) },
  { header: 'Compagnie', value: (r) => r.company_name },
  { header: 'Facture', value: (r) => r.invoice_number },
  { header: 'Montant', value: (r) => centimesCell(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Moyen', value: (r) => METHOD_LABEL[r.method] ?? r.method },
  { header: 'Référence', value: (r) => r.reference },
  { header: 'Note', value: (r) => r.note },
  { header: 'Statut', value: (r) => (r.status === 'confirmed' ? 'confirmé' : 'annulé') },
  { header: 'Saisi le', value: (r) => r.created_at },
];

/** The platform's records of the companies' payments (historics-payment): the superuser's. */
export const historicsPaymentRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.payments, async (request, reply) => {
      const q = request.query;
      if (q.id) return getPayment(raw, request, q.id);
      const list = paymentList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'paiements', csvColumns, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });

    route(app, api.createPayment, async (request) => createPayment(database, contextOf(request), request.body));

    route(app, api.updatePayment, async (request) => updatePayment(database, contextOf(request), request.body));

    route(app, api.cancelPayment, async (request) => {
      await cancelPayment(database, contextOf(request), deleteIdOf(request));
      return { ok: true as const };
    });
  };
