import { generaleEndpoints as api, type Generale } from '@borlette/shared/contracts/generales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import {
  archiveGenerale,
  blockGenerale,
  createGenerale,
  setGeneralePassword,
  unlockGenerale,
  updateGenerale,
} from './generales.service';
import { generaleList, getGenerale } from './generales-query';

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

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getGenerale(raw, q.id);
      const list = generaleList(q);
      if (q.format === 'csv') return sendCsv(reply, 'generales', csvColumns, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });

    route(app, api.create, async (request) => createGenerale(database, contextOf(request), request.body));

    route(app, api.update, async (request) => {
      const { id, ...input } = request.body;
      return updateGenerale(database, contextOf(request), id, input);
    });

    route(app, api.archive, async (request) => {
      await archiveGenerale(database, contextOf(request), deleteIdOf(request));
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockGenerale(database, contextOf(request), request.body.id, request.body.blocked),
    );

    route(app, api.password, async (request) => {
      await setGeneralePassword(database, contextOf(request), request.body.id, request.body.password);
      return { ok: true as const };
    });

    route(app, api.unlock, async (request) => unlockGenerale(database, contextOf(request), request.body.id));
  };
