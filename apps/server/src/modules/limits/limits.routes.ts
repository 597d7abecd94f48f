import { errorBody, okBody } from '@borlette/shared/contracts/common';
import {
  type LimitKind,
  type SaleLimit,
  saleLimit,
  saleLimitListQuery,
  typeBouleAgentInput,
  typeBouleAgentUpdate,
  typeBouleInput,
  typeBouleUpdate,
  typeGameAgentInput,
  typeGameAgentUpdate,
  typeGameInput,
  typeGameUpdate,
} from '@borlette/shared/contracts/limits';
import { blockBody, pageOf } from '@borlette/shared/contracts/list';
import { centimesCell } from '@borlette/shared/contracts/money';
import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { KINDS, type KindDef } from './limits.kinds';
import {
  blockLimit,
  createLimit,
  deleteLimit,
  getLimit,
  type LimitValues,
  limitListSpec,
  updateLimit,
} from './limits.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const SCHEMAS: Record<LimitKind, { input: z.ZodType<LimitValues>; update: z.ZodType<LimitValues & { id: number }> }> = {
  game: { input: typeGameInput, update: typeGameUpdate },
  'game-agent': { input: typeGameAgentInput, update: typeGameAgentUpdate },
  boule: { input: typeBouleInput, update: typeBouleUpdate },
  'boule-agent': { input: typeBouleAgentInput, update: typeBouleAgentUpdate },
};

/** French spreadsheets: decimal comma. */
const money = centimesCell; // exact past 2^53 (contracts/money.ts)
const gameLabel = (code: number) => BET_TYPES[code as BetCode]?.label ?? String(code);

function csvColumns(def: KindDef): CsvColumn<SaleLimit>[] {
  return [
    { header: 'Jeu', value: (r) => gameLabel(r.code) },
    ...(def.ball ? [{ header: 'Numéro', value: (r: SaleLimit) => r.number }] : []),
    ...(def.agent ? [{ header: 'Vendeur', value: (r: SaleLimit) => r.agent_name }] : []),
    { header: 'Tirage', value: (r) => r.tirage_name ?? 'Tous les tirages' },
    { header: 'Montant maximum', value: (r) => money(r.max_amount) },
    { header: 'Vendu aujourd’hui', value: (r) => money(r.sold_today) },
    { header: 'Statut', value: (r) => (r.status === 'active' ? 'active' : 'suspendue') },
    { header: 'Modifiée le', value: (r) => r.updated_at },
  ];
}

/**
 * The four limit kinds of the spec, one route set each (same shapes, one service):
 * GET <path> (page, or `?id=` one) · POST · PUT (id in the body) · DELETE (?id= or body) ·
 * POST <path>/block {id, blocked}. Codenames view_/add_/change_<entity> and the kind's block_*.
 */
export const limitsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    for (const def of KINDS) {
      const { input, update } = SCHEMAS[def.kind];
      const tags = [`limits-${def.kind}`];
      const columns = csvColumns(def);

      app.get(
        def.path,
        {
          config: access.permission(`view_${def.entity}`),
          schema: {
            tags,
            summary: `${def.label} (page, tri, recherche, filtres, CSV) ; ?id= répond cette limite seule`,
            querystring: saleLimitListQuery,
            response: { 200: z.union([pageOf(saleLimit), saleLimit]), ...errors },
          },
        },
        async (request, reply) => {
          const q = request.query;
          if (q.id) return getLimit(raw, request, def, companyScope(request), q.id);
          const params = new SqlParams();
          const where = companyCondition(request, params, 'l.company_id');
          if (q.code !== undefined) where.push(`l.code = ${params.p(q.code)}`);
          if (q.tirage_id) where.push(`l.tirage_id = ${params.p(q.tirage_id)}`);
          if (q.agent_id) where.push(`l.agent_id = ${params.p(q.agent_id)}`);
          if (q.status) where.push(`l.status = ${params.p(q.status)}`);
          const spec = limitListSpec(def, request, params, where);
          if (q.format === 'csv') return sendCsv(reply, def.csv, columns, await listAll<SaleLimit>(raw, spec, q));
          const page = await listPage<SaleLimit & { company_id?: number }>(raw, spec, q);
          return { ...page, results: page.results.map(({ company_id, ...r }) => r) };
        },
      );

      app.post(
        def.path,
        {
          config: access.permission(`add_${def.entity}`),
          schema: {
            tags,
            summary: `${def.label} : créer (max_amount en centimes ; tirage_id absent = tous les tirages)`,
            body: input,
            response: { 200: saleLimit, ...errors },
          },
        },
        async (request) => createLimit(database, request, def, companyForWrite(request), request.body),
      );

      app.put(
        def.path,
        {
          config: access.permission(`change_${def.entity}`),
          schema: {
            tags,
            summary: `${def.label} : modifier (id dans le corps)`,
            body: update,
            response: { 200: saleLimit, ...errors },
          },
        },
        async (request) => {
          const { id, ...values } = request.body;
          return updateLimit(database, request, def, companyForWrite(request), id, values);
        },
      );

      app.delete(
        def.path,
        {
          config: access.permission(`change_${def.entity}`),
          schema: { tags, summary: `${def.label} : supprimer`, ...deleteTarget, response: { 200: okBody, ...errors } },
        },
        async (request) => {
          const id = deleteIdOf(request);
          await deleteLimit(database, request, def, companyForWrite(request), id);
          return { ok: true as const };
        },
      );

      app.post(
        `${def.path}/block`,
        {
          config: access.permission(def.block),
          schema: {
            tags,
            summary: `${def.label} : suspendre (blocked true) / réactiver`,
            body: blockBody,
            response: { 200: saleLimit, ...errors },
          },
        },
        async (request) =>
          blockLimit(database, request, def, companyForWrite(request), request.body.id, request.body.blocked),
      );
    }
  };
