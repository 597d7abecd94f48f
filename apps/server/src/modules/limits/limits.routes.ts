import type { SaleLimit } from '@borlette/shared/contracts/limits';
import { centimesCell } from '@borlette/shared/contracts/money';
import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { KINDS, type KindDef } from './limit-kinds';
import { blockLimit, createLimit, deleteLimit, updateLimit } from './limits.service';
import { getLimit, limitList, withoutCompany } from './limits-query';

/** French spreadsheets: decimal comma. */
const gameLabel = (code: number) => BET_TYPES[code as BetCode]?.label ?? String(code);

function csvColumns(def: KindDef): CsvColumn<SaleLimit>[] {
  return [
    { header: 'Jeu', value: (r) => gameLabel(r.code) },
    ...(def.ball ? [{ header: 'Numéro', value: (r: SaleLimit) => r.number }] : []),
    ...(def.agent ? [{ header: 'Vendeur', value: (r: SaleLimit) => r.agent_name }] : []),
    { header: 'Tirage', value: (r) => r.tirage_name ?? 'Tous les tirages' },
    { header: 'Montant maximum', value: (r) => centimesCell(r.max_amount) },
    { header: 'Vendu aujourd’hui', value: (r) => centimesCell(r.sold_today) },
    { header: 'Statut', value: (r) => (r.status === 'active' ? 'active' : 'suspendue') },
    { header: 'Modifiée le', value: (r) => r.updated_at },
  ];
}

/**
 * The four limit kinds of the spec, one route set each (same shapes, one service), declared per kind
 * in contracts/limits.ts (`limitEndpoints`).
 */
export const limitsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    for (const def of KINDS) {
      const api = def.endpoints;
      const columns = csvColumns(def);

      route(app, api.list, async (request, reply) => {
        const q = request.query;
        if (q.id) return getLimit(raw, request, def, companyScope(request), q.id);
        const list = limitList(def, request, q);
        if (q.format === 'csv') return sendCsv(reply, def.csv, columns, await queryAll(raw, list, q));
        const page = await queryPage(raw, list, q);
        return { ...page, results: page.results.map(withoutCompany) };
      });

      route(app, api.create, async (request) =>
        createLimit(database, contextOf(request), def, companyForWrite(request), request.body),
      );

      route(app, api.update, async (request) => {
        const { id, ...values } = request.body;
        return updateLimit(database, contextOf(request), def, companyForWrite(request), id, values);
      });

      route(app, api.remove, async (request) => {
        const id = deleteIdOf(request);
        await deleteLimit(database, contextOf(request), def, companyForWrite(request), id);
        return { ok: true as const };
      });

      route(app, api.block, async (request) =>
        blockLimit(database, contextOf(request), def, companyForWrite(request), request.body.id, request.body.blocked),
      );
    }
  };
