import { collectionEndpoints as api, type Collection } from '@borlette/shared/contracts/collections';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { resolvePeriod } from '../_lib/report-scope';
import { addCollection, reverseCollection } from './collections.service';
import { collectionList, collectionTotal } from './collections-query';

const local = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

const csvColumns: CsvColumn<Collection>[] = [
  { header: 'N°', value: (r) => r.id },
  { header: 'Jour', value: (r) => r.business_date },
  { header: 'Enregistrée le', value: (r) => local(r.at, r.timezone) },
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Identifiant', value: (r) => r.agent_username },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Superviseur', value: (r) => r.supervisor_name },
  { header: 'Montant', value: (r) => centimesCell(r.amount) },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Note', value: (r) => r.note },
  { header: 'Par', value: (r) => r.actor_name },
  { header: 'Annulée', value: (r) => (r.reversal ? 'oui' : 'non') },
  { header: 'Motif de l’annulation', value: (r) => r.reversal?.reason ?? '' },
];

/** Collections (contracts/collections.ts): list (CSV), collect, reverse. */
export const collectionsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const period = await resolvePeriod(raw, request, q);
      const list = collectionList(request, q, period);
      if (q.format === 'csv') {
        return sendCsv(reply, `collectes-${period.start}-${period.end}`, csvColumns, await queryAll(raw, list, q), {
          dated: false,
        });
      }
      return { ...(await queryPage(raw, list, q)), total: await collectionTotal(raw, list, q) };
    });

    route(app, api.add, async (request) => addCollection(database, contextOf(request), request.body));
    route(app, api.reverse, async (request) => reverseCollection(database, contextOf(request), request.body));
  };
