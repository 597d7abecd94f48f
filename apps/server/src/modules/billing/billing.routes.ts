import {
  billingSettings,
  facturationsPage,
  facturationsQuery,
  type Invoice,
  payFacturationAnswer,
  payFacturationQuery,
  payProviders,
} from '@borlette/shared/contracts/billing';
import { errorBody } from '@borlette/shared/contracts/common';
import { requiredId } from '@borlette/shared/contracts/engine-common';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import type { RawClient } from '../../db/client';
import { access } from '../../http/access';
import { audit } from '../../http/audit';
import { notFound } from '../../http/errors';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { startPayment } from './checkout.service';
import {
  getInvoice,
  invoiceLastMonth,
  invoiceListSpec,
  invoiceScope,
  invoiceTotals,
  periodMonths,
  refreshInvoices,
} from './invoices.service';
import { invoicePdf } from './pdf';
import { paymentProviders } from './providers';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['billing'];
const SUPERUSER = ['superuser'] as const;

const money = centimesCell; // exact past 2^53 (contracts/money.ts)
const STATUS_LABEL: Record<Invoice['status'], string> = { paid: 'payée', unpaid: 'impayée', cancelled: 'annulée' };
const csvColumns: CsvColumn<Invoice>[] = [
  { header: 'Numéro', value: (r) => r.number },
  { header: 'Compagnie', value: (r) => r.company_name },
  { header: 'Code', value: (r) => r.company_ref },
  { header: 'Début', value: (r) => r.period_start },
  { header: 'Fin', value: (r) => r.period_end },
  { header: 'Vendeurs actifs', value: (r) => r.active_agents },
  { header: 'Prix par vendeur', value: (r) => money(r.price_per_agent) },
  { header: 'Montant', value: (r) => money(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Statut', value: (r) => STATUS_LABEL[r.status] },
  { header: 'En retard', value: (r) => r.overdue },
  { header: 'Échéance', value: (r) => r.due_date },
  { header: 'Payée le', value: (r) => r.paid_at },
];

const settingsQuery = z.object({ company_id: requiredId('La compagnie') });

async function readSettings(raw: RawClient, companyId: number) {
  const [row] = await raw.query<{
    company_id: number;
    prices: { min: number; price: number }[];
    billing_grace_days: number;
  }>(`SELECT company_id, billing_prices AS prices, billing_grace_days FROM company_settings WHERE company_id = $1`, [
    companyId,
  ]);
  if (!row) throw notFound('Compagnie introuvable.');
  return row;
}

/** Every 6 hours, last month's invoices are brought up to date: overdue companies stop selling. */
const AUTO_EVERY_MS = 6 * 3600_000;

export const billingRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;
    const providers = paymentProviders(config.billing);

    if (config.billing.autoInvoices) {
      const timers: NodeJS.Timeout[] = [];
      const run = async () => {
        try {
          await invoiceLastMonth(raw);
        } catch (err) {
          app.log.error({ err }, 'automatic invoices failed');
        }
      };
      app.addHook('onReady', async () => {
        timers.push(setTimeout(run, 10_000).unref(), setInterval(run, AUTO_EVERY_MS).unref());
      });
      app.addHook('onClose', async () => {
        for (const t of timers) clearTimeout(t);
      });
    }

    app.get(
      '/api/generals/facturations',
      {
        config: access.permission('view_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Factures des compagnies pour la période (vendeurs actifs × prix du palier), à jour',
          description:
            'Période : start_date / end_date, par mois civil (par défaut le mois en cours, UTC). `company` : code ' +
            'd’une compagnie ; sinon toutes les compagnies du pays choisi. `which=company` : la compagnie choisie. ' +
            'Les factures non payées sont recalculées à chaque lecture ; `overdue` : impayée après l’échéance + la ' +
            'grâce (ventes suspendues). `totals` couvre toute la sélection. `format=csv` pour l’export.',
          querystring: facturationsQuery,
          response: { 200: facturationsPage, ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const scope = await invoiceScope(request, raw, q);
        const { from, to } = periodMonths(q);
        await refreshInvoices(raw, scope, from, to);
        if (q.format === 'csv') {
          const rows = await listAll<Invoice>(raw, invoiceListSpec(scope, from, to, q), q);
          return sendCsv(reply, 'factures', csvColumns, rows);
        }
        const page = await listPage<Invoice>(raw, invoiceListSpec(scope, from, to, q), q);
        const totals = await invoiceTotals(raw, invoiceListSpec(scope, from, to, q), q);
        return { ...page, totals };
      },
    );

    app.get(
      '/api/generals/facturations/:id/pdf',
      {
        config: access.permission('view_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Une facture en PDF (affichée ; ?download=1 pour la télécharger)',
          params: z.object({ id: z.coerce.number().int('Facture invalide').positive('Facture invalide') }),
          querystring: z.object({
            download: z.enum(['0', '1', 'true', 'false'], { error: 'download : 0 ou 1' }).optional(),
          }),
          response: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const first = await getInvoice(raw, request.params.id);
        // Up to date before printing (a paid invoice is left as it is).
        await refreshInvoices(raw, { ids: [first.company_id] }, first.period_start, first.period_start);
        const invoice = await getInvoice(raw, first.id);
        const [company] = await raw.query<{
          name: string;
          ref_code: string;
          address: string | null;
          phone: string | null;
          email: string | null;
          city_name: string | null;
          country_name: string;
          grace: number;
        }>(
          `SELECT c.name, c.ref_code, c.address, c.phone, c.email, ci.name AS city_name, k.name AS country_name,
                  cs.billing_grace_days AS grace
             FROM companies c JOIN countries k ON k.id = c.country_id LEFT JOIN cities ci ON ci.id = c.city_id
             JOIN company_settings cs ON cs.company_id = c.id
            WHERE c.id = $1`,
          [invoice.company_id],
        );
        const payments = await raw.query<{
          paid_at: string;
          method: string;
          reference: string | null;
          amount: number;
          currency: string;
        }>(
          `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at, method, reference,
                  amount, currency
             FROM company_payments WHERE invoice_id = $1 AND status = 'confirmed' ORDER BY paid_at, id`,
          [invoice.id],
        );
        const pdf = await invoicePdf({
          platform: { name: config.platformName, details: config.platformDetails },
          company,
          invoice,
          graceDays: company.grace,
          payments,
        });
        const download = request.query.download === '1' || request.query.download === 'true';
        return (reply as FastifyReply)
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${invoice.number}.pdf"`)
          .send(pdf);
      },
    );

    app.get(
      '/api/generals/pay-facturations',
      {
        config: access.permission('add_payment', SUPERUSER),
        schema: {
          tags,
          summary:
            'Commencer le paiement en ligne de la facture d’une compagnie ; répond { url } de la page de paiement',
          description:
            'La période (start_date / end_date) désigne un mois ; `amount` (centimes : le montant de la facture ou son reste à payer) et `nb_agent` ' +
            'doivent être ceux de la facture (sinon 409 : la page est à actualiser). `provider` : sandbox ou moncash ' +
            '(par défaut celui de la configuration). Le navigateur va à `url`.',
          querystring: payFacturationQuery,
          response: { 200: payFacturationAnswer, ...errors, 502: errorBody },
        },
      },
      async (request) => startPayment(database, providers, request, request.query),
    );

    app.get(
      '/api/generals/pay-providers',
      {
        config: access.permission('add_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Les moyens de paiement en ligne utilisables sur ce serveur (la page de paiement n’offre qu’eux)',
          response: { 200: payProviders, ...errors },
        },
      },
      async () => providers.offered(),
    );

    app.get(
      '/api/generals/billing-settings',
      {
        config: access.permission('view_payment', SUPERUSER),
        schema: {
          tags,
          summary: 'Paliers de prix (par vendeur actif et par mois, centimes USD) et jours de grâce d’une compagnie',
          querystring: settingsQuery,
          response: { 200: billingSettings, ...errors },
        },
      },
      async (request) => readSettings(raw, request.query.company_id),
    );

    app.put(
      '/api/generals/billing-settings',
      {
        config: access.permission('change_payment', SUPERUSER),
        schema: {
          tags,
          summary:
            'Modifier les paliers de prix et les jours de grâce d’une compagnie (factures non payées recalculées)',
          body: billingSettings,
          response: { 200: billingSettings, ...errors },
        },
      },
      async (request) => {
        const input = request.body;
        const before = await readSettings(raw, input.company_id);
        await database.transaction(async (tx) => {
          await tx.query(
            `UPDATE company_settings SET billing_prices = $2::jsonb, billing_grace_days = $3, updated_at = now()
              WHERE company_id = $1`,
            [input.company_id, JSON.stringify(input.prices), input.billing_grace_days],
          );
          await audit(tx, request, {
            action: 'update',
            entity: 'billing_settings',
            entityId: input.company_id,
            companyId: input.company_id,
            before,
            after: input,
          });
        });
        return readSettings(raw, input.company_id);
      },
    );
  };
