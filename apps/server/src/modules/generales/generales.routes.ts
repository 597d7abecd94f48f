import { errorBody, pageOf } from '@borlette/shared';
import {
  type Generale,
  generale,
  generaleInput,
  generaleListQuery,
  generaleUpdate,
} from '@borlette/shared/contracts/generales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { personWriteRoutes } from '../_lib/people';
import { SqlParams } from '../_lib/sql';
import { sortable } from '../countries/countries.service';
import {
  archiveGenerale,
  blockGenerale,
  createGenerale,
  GENERALE_COLUMNS,
  GENERALE_FROM,
  GENERALE_WHERE,
  getGenerale,
  setGeneralePassword,
  unlockGenerale,
  updateGenerale,
} from './generales.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['generales'];
const SUPERUSER = ['superuser'] as const;
const BASE = '/api/generals/generales';

const STATUS_LABELS = { active: 'actif', blocked: 'bloqué', archived: 'archivé' } as const;
const csvColumns: CsvColumn<Generale>[] = [
  { header: 'Nom d’utilisateur', value: (r) => r.username },
  { header: 'Prénom', value: (r) => r.first_name },
  { header: 'Nom', value: (r) => r.last_name },
  { header: 'Téléphone', value: (r) => r.phone },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Statut', value: (r) => STATUS_LABELS[r.status] },
  { header: 'Permissions', value: (r) => r.permissions.join(', ') },
  { header: 'Dernière connexion', value: (r) => r.last_login_at },
  { header: 'Créé le', value: (r) => r.created_at },
];

export const generalesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      BASE,
      {
        config: access.permission('view_generale', SUPERUSER),
        schema: {
          tags,
          summary:
            'Comptes « généraux » de la plateforme (pagination, tri, recherche, export CSV) ; avec id, un compte',
          querystring: generaleListQuery,
          response: { 200: z.union([generale, pageOf(generale)]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getGenerale(raw, q.id);
        const params = new SqlParams();
        const where = [GENERALE_WHERE];
        // Archived accounts only when asked for.
        where.push(q.status ? `u.status = ${params.p(q.status)}` : "u.status <> 'archived'");
        const spec = {
          select: GENERALE_COLUMNS,
          from: GENERALE_FROM,
          where,
          params,
          sortable: {
            username: 'lower(u.username)',
            name: sortable("u.last_name || ' ' || u.first_name"),
            status: 'u.status',
            last_login_at: 'last_login_at',
            created_at: 'u.created_at',
          },
          search: ['u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.phone'],
          tieBreaker: 'u.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'generales', csvColumns, await listAll<Generale>(raw, spec, q));
        return listPage<Generale>(raw, spec, q);
      },
    );

    app.post(
      BASE,
      {
        config: access.permission('add_generale', SUPERUSER),
        schema: {
          tags,
          summary: 'Créer un compte général (permissions prises parmi les vôtres)',
          body: generaleInput,
          response: { 200: generale, ...errors },
        },
      },
      async (request) => createGenerale(database, request, request.body),
    );

    app.put(
      BASE,
      {
        config: access.permission('change_generale', SUPERUSER),
        schema: {
          tags,
          summary: 'Modifier un compte général et ses permissions',
          body: generaleUpdate,
          response: { 200: generale, ...errors },
        },
      },
      async (request) => {
        const { id, ...input } = request.body;
        return updateGenerale(database, request, id, input);
      },
    );

    personWriteRoutes(app, {
      path: BASE,
      tags,
      item: generale,
      archive: {
        config: access.permission('change_generale', SUPERUSER),
        summary: 'Archiver un compte général (connexion refusée, sessions fermées, historique gardé)',
        run: (request, id) => archiveGenerale(database, request, id),
      },
      block: {
        config: access.permission('change_generale', SUPERUSER),
        summary: 'Bloquer / débloquer un compte général',
        run: (request, id, blocked) => blockGenerale(database, request, id, blocked),
      },
      password: {
        config: access.permission('change_generale', SUPERUSER),
        summary: 'Nouveau mot de passe d’un compte général (ses autres sessions sont fermées)',
        run: (request, id, password) => setGeneralePassword(database, request, id, password),
      },
      unlock: {
        config: access.permission('change_generale', SUPERUSER),
        summary: 'Lever le blocage de connexion d’un compte général (ses échecs de mot de passe sont effacés)',
        run: (request, id) => unlockGenerale(database, request, id),
      },
    });
  };
