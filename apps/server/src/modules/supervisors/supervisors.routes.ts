import { supervisorEndpoints as api, type Supervisor } from '@borlette/shared/contracts/supervisors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { companyScope } from '../_lib/scope';
import { validate } from '../_lib/validate';
import {
  archiveSupervisor,
  blockSupervisor,
  changeSupervisorPassword,
  createSupervisor,
  unlockSupervisorSignIn,
  updateSupervisor,
} from './supervisors.service';
import { getSupervisor, stripSupervisor, supervisorList, supervisorOptions } from './supervisors-query';

const STATUS_LABELS: Record<string, string> = { active: 'Actif', blocked: 'Bloqué', archived: 'Archivé' };

const csvColumns: CsvColumn<Supervisor>[] = [
  { header: 'Prénom', value: (r) => r.first_name },
  { header: 'Nom', value: (r) => r.last_name },
  { header: 'Nom d’utilisateur', value: (r) => r.username },
  { header: 'Téléphone', value: (r) => r.phone },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Succursales', value: (r) => r.surcussales.map((s) => s.name).join(', ') },
  { header: 'Vendeurs suivis', value: (r) => r.agents_count },
  { header: 'Permissions', value: (r) => r.permissions.length },
  { header: 'Statut', value: (r) => STATUS_LABELS[r.status] ?? r.status },
  { header: 'Créé le', value: (r) => r.created_at },
];

/** Multipart (or JSON) -> validated values + the optional photo. */
async function readForm<T extends z.ZodType>(request: FastifyRequest, schema: T) {
  const { fields, files } = await parseForm(request);
  return { input: validate(schema, normaliseFormFields(fields)), photo: files.photo };
}

export const supervisorsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const list = supervisorList(request, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, 'superviseurs', csvColumns, await queryAll(raw, list, request.query));
      const page = await queryPage(raw, list, request.query);
      return { ...page, results: page.results.map(stripSupervisor) };
    });

    route(app, api.get, async (request) =>
      stripSupervisor(await getSupervisor(raw, request, companyScope(request), request.query.id)),
    );

    route(app, api.options, async (request) => supervisorOptions(raw, request, companyForWrite(request)));

    route(app, api.create, async (request) => {
      const companyId = companyForWrite(request);
      const { input, photo } = await readForm(request, api.create.body);
      return createSupervisor(database, contextOf(request), companyId, input, photo);
    });

    route(app, api.update, async (request) => {
      const companyId = companyForWrite(request);
      const { input, photo } = await readForm(request, api.update.body);
      const { id, ...values } = input;
      return updateSupervisor(database, contextOf(request), companyId, id, values, photo);
    });

    route(app, api.archive, async (request) => {
      const id = deleteIdOf(request);
      await archiveSupervisor(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockSupervisor(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );

    route(app, api.password, async (request) => {
      const { id, password } = request.body;
      await changeSupervisorPassword(database, contextOf(request), companyForWrite(request), id, password);
      return { ok: true as const };
    });

    route(app, api.unlock, async (request) =>
      unlockSupervisorSignIn(database, contextOf(request), companyForWrite(request), request.body.id),
    );
  };
