import { billingEndpoints as api, type Invoice } from '@borlette/shared/contracts/billing';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { startPayment } from './checkout.service';
import { periodMonths, refreshInvoices, updateBillingSettings } from './invoices.service';
import { invoiceList, invoiceScope, invoiceTotals, readBillingSettings } from './invoices-query';
import { printInvoice } from './pdf';
import { paymentProviders } from './providers';

const STATUS_LABEL: Record<Invoice['status'], string> = { paid: 'payée', unpaid: 'impayée', cancelled: 'annulée' };
const csvColumns: CsvColumn<Invoice>[] = [
  { header: 'Numéro', value: (r) => r.number },
  { header: 'Compagnie', value: (r) => r.company_name },
  { header: 'Code', value: (r) => r.company_ref },
  { header: 'Début', value: (r) => r.period_start },
  { header: 'Fin', value: (r) => r.period_end },
  { header: 'Vendeurs actifs', value: (r) => r.active_agents },
  { header: 'Prix par vendeur', value: (r) => centimesCell(r.price_per_agent) },
  { header: 'Montant', value: (r) => centimesCell(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Statut', value: (r) => STATUS_LABEL[r.status] },
  { header: 'En retard', value: (r) => r.overdue },
  { header: 'Échéance', value: (r) => r.due_date },
  { header: 'Payée le', value: (r) => r.paid_at },
];

/** The platform's invoices (the superuser's), their PDF, online payment and price ladders. Timers: jobs/scheduler.ts. */
export const billingRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;
    const providers = paymentProviders(config.billing);

    route(app, api.invoices, async (request, reply) => {
      const q = request.query;
      const scope = await invoiceScope(request, raw, q);
      const { from, to } = periodMonths(q);
      await refreshInvoices(raw, scope, from, to);
      const list = invoiceList(scope, from, to, q);
      if (q.format === 'csv') return sendCsv(reply, 'factures', csvColumns, await queryAll(raw, list, q));
      const page = await queryPage(raw, list, q);
      return { ...page, totals: await invoiceTotals(raw, list, q) };
    });

    route(app, api.invoicePdf, async (request, reply) => {
      const platform = { name: config.platformName, details: config.platformDetails };
      const { number, pdf } = await printInvoice(raw, request.params.id, platform);
      const download = request.query.download === '1' || request.query.download === 'true';
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${number}.pdf"`)
        .send(pdf);
    });

    route(app, api.pay, async (request) => startPayment(database, providers, contextOf(request), request.query));

    route(app, api.payProviders, async () => providers.offered());

    route(app, api.settings, async (request) => readBillingSettings(raw, request.query.company_id));

    route(app, api.updateSettings, async (request) =>
      updateBillingSettings(database, contextOf(request), request.body),
    );
  };
