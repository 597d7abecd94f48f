import { errorBody } from '@borlette/shared/contracts/common';
import {
  transactionZeroDeleteQuery,
  transactionZeroInput,
  type WalletKind,
  walletEntry,
  walletInput,
  walletListQuery,
  walletPage,
} from '@borlette/shared/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { money, resolvePeriod } from '../_lib/report-scope';
import { addMovement, reverseZero, transactionZero } from './wallet.service';
import { fromLedgerDays, type WalletRow, walletDaySummary, walletListSpec, walletSummary } from './wallet-query';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['wallet'];

export const KIND_LABEL: Record<WalletKind, string> = {
  sale: 'Vente',
  cancel: 'Annulation de fiche',
  reactivate: 'Réactivation de fiche',
  payout: 'Paiement',
  payout_reversal: 'Paiement annulé',
  deposit: 'Dépôt',
  withdrawal: 'Retrait',
  adjustment: 'Ajustement',
  zero: 'Transaction zéro',
  zero_reversal: 'Annulation de transaction zéro',
};

const local = (iso: string, timezone: string) =>
  iso
    ? new Intl.DateTimeFormat('fr-FR', { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(iso),
      )
    : '';

type CsvRow = Partial<WalletRow> & { amount: number };
const csvColumns: CsvColumn<CsvRow>[] = [
  { header: 'Jour', value: (r) => r.business_date },
  { header: 'Enregistré le', value: (r) => (r.at && r.timezone ? local(r.at, r.timezone) : '') },
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Identifiant', value: (r) => r.agent_username },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Type', value: (r) => (r.kind ? KIND_LABEL[r.kind] : '') },
  { header: 'Montant', value: (r) => money(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Vente brute', value: (r) => (r.gross ? money(r.gross) : '') },
  { header: 'Commission', value: (r) => (r.commission ? money(r.commission) : '') },
  { header: 'Fiche', value: (r) => r.fiche_number },
  { header: 'Note', value: (r) => r.note },
  { header: 'Par', value: (r) => r.actor_name },
  { header: 'Annulée', value: (r) => (r.kind === 'zero' ? r.reversed : null) },
];

/**
 * The agents' wallet (contracts/wallet.ts): the ledger's entries with the agents' balances, and the
 * back office's movements. Amounts are each entry's effect on what the agent owes (centimes).
 */
export const walletRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/companies/transactions',
      {
        config: access.permission('view_wallettransaction'),
        schema: {
          tags,
          summary: 'Mouvements du portefeuille des vendeurs (page, filtres, CSV) et soldes à la fin de la période',
          description:
            'Période : start_date / end_date (jours ouvrables, par défaut aujourd’hui). Filtres : agent_id, ' +
            'surcussale_id (succursale du vendeur), kind. `totals` : somme des mouvements filtrés par devise ' +
            '(`total` : cette somme s’il n’y a qu’une devise, null sinon) ; `balances` : solde de chaque vendeur ' +
            'concerné (tous ses mouvements jusqu’à end_date, dans la devise de sa compagnie).',
          querystring: walletListQuery,
          response: { 200: walletPage, ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const period = await resolvePeriod(raw, request, q);
        // No search or kind: the figures and the count from the ledger's day sums, the page from the index.
        if (q.format !== 'csv' && fromLedgerDays(q)) {
          const { count, ...summary } = await walletDaySummary(raw, request, q, period);
          return { ...(await listPage<WalletRow>(raw, walletListSpec(request, q, period), q, { count })), ...summary };
        }
        const summary = await walletSummary(raw, request, walletListSpec(request, q, period), q, period);
        if (q.format === 'csv') {
          const rows: CsvRow[] = await listAll<WalletRow>(raw, walletListSpec(request, q, period), q);
          // One total line per currency: amounts of different currencies are never added.
          for (const t of summary.totals) rows.push({ agent_name: 'Total', amount: t.total, currency: t.currency });
          return sendCsv(reply, `portefeuille-${period.start}-${period.end}`, csvColumns, rows, { dated: false });
        }
        const page = await listPage<WalletRow>(raw, walletListSpec(request, q, period), q);
        return { ...page, ...summary };
      },
    );

    app.post(
      '/api/companies/transactions',
      {
        config: access.permission('add_wallettransaction'),
        schema: {
          tags,
          summary: 'Dépôt, retrait ou ajustement pour un vendeur (idempotent : idempotency_key)',
          body: walletInput,
          response: { 200: walletEntry, ...errors },
        },
      },
      async (request) => addMovement(database, request, request.body),
    );

    app.post(
      '/api/companies/transaction-zero',
      {
        config: access.permission('add_wallettransaction'),
        schema: {
          tags,
          summary: 'Transaction zéro : ramène le solde du vendeur à exactement 0 (refusée s’il est déjà à 0)',
          body: transactionZeroInput,
          response: { 200: walletEntry, ...errors },
        },
      },
      async (request) => transactionZero(database, request, request.body),
    );

    app.delete(
      '/api/companies/transaction-zero',
      {
        config: access.permission('change_wallettransaction'),
        schema: {
          tags,
          summary: 'Annule une transaction zéro (une écriture inverse, une seule fois ; rien n’est effacé)',
          querystring: transactionZeroDeleteQuery,
          response: { 200: walletEntry, ...errors },
        },
      },
      async (request) => reverseZero(database, request, request.query),
    );
  };
