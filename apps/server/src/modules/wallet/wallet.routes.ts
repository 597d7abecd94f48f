import { centimesCell } from '@borlette/shared/contracts/money';
import { walletEndpoints as api, type WalletKind } from '@borlette/shared/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { resolvePeriod } from '../_lib/report-scope';
import { addMovement, reverseZero, transactionZero } from './wallet.service';
import {
  fromLedgerDays,
  supervisorCommissionLines,
  type WalletRow,
  walletDaySummary,
  walletList,
  walletSummary,
} from './wallet-query';

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
  collection: 'Collecte',
  collection_reversal: 'Annulation de collecte',
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
  { header: 'Montant', value: (r) => centimesCell(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Vente brute', value: (r) => (r.gross ? centimesCell(r.gross) : '') },
  { header: 'Commission', value: (r) => (r.commission ? centimesCell(r.commission) : '') },
  { header: 'Fiche', value: (r) => r.fiche_number },
  { header: 'Note', value: (r) => r.note },
  { header: 'Par', value: (r) => r.actor_name },
  { header: 'Annulée', value: (r) => (r.kind === 'zero' || r.kind === 'collection' ? r.reversed : null) },
];

/**
 * The agents' wallet (contracts/wallet.ts): the ledger's entries with the agents' balances, and the
 * back office's movements. Amounts are each entry's effect on what the agent owes (centimes).
 */
export const walletRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const period = await resolvePeriod(raw, request, q);
      const list = walletList(request, q, period);
      // No search or kind: the figures and the count from the ledger's day sums, the page from the index.
      if (q.format !== 'csv' && fromLedgerDays(q)) {
        const { count, ...summary } = await walletDaySummary(raw, request, q, period);
        const supervisor_commissions = await supervisorCommissionLines(raw, request, q, period);
        return { ...(await queryPage(raw, list, q, { count })), ...summary, supervisor_commissions };
      }
      const summary = await walletSummary(raw, request, list, q, period);
      if (q.format === 'csv') {
        const rows: CsvRow[] = await queryAll(raw, list, q);
        // One total line per currency: amounts of different currencies are never added.
        for (const t of summary.totals) rows.push({ agent_name: 'Total', amount: t.total, currency: t.currency });
        return sendCsv(reply, `portefeuille-${period.start}-${period.end}`, csvColumns, rows, { dated: false });
      }
      const supervisor_commissions = await supervisorCommissionLines(raw, request, q, period);
      return { ...(await queryPage(raw, list, q)), ...summary, supervisor_commissions };
    });

    route(app, api.add, async (request) => addMovement(database, contextOf(request), request.body));
    route(app, api.zero, async (request) => transactionZero(database, contextOf(request), request.body));
    route(app, api.reverseZero, async (request) => reverseZero(database, contextOf(request), request.query));
  };
