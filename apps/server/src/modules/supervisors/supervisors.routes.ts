import { errorBody } from '@borlette/shared/contracts/common';
import { idBody, pageOf } from '@borlette/shared/contracts/list';
import {
  supervisor,
  supervisorInput,
  supervisorListQuery,
  supervisorOptions as supervisorOptionsBody,
  supervisorUpdate,
} from '@borlette/shared/contracts/supervisors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { personWriteRoutes } from '../_lib/people';
import { companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { validate } from '../_lib/validate';
import {
  archiveSupervisor,
  blockSupervisor,
  changeSupervisorPassword,
  createSupervisor,
  getSupervisor,
  SUPERVISOR_COLUMNS,
  SUPERVISOR_FROM,
  type SupervisorRow,
  stripSupervisor,
  supervisorOptions,
  supervisorVisibility,
  unlockSupervisorSignIn,
  updateSupervisor,
} from './supervisors.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['supervisors'];

const STATUS_LABELS: Record<string, string> = { active: 'Actif', blocked: 'Bloqué', archived: 'Archivé' };

const csvColumns: CsvColumn<z.infer<typeof supervisor>>[] = [
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

const FORM_DESCRIPTION =
  'Corps multipart/form-data (fichier « photo »; tableaux en champs indexés : permissions[0], permissions[1]…, ' +
  'surcussales[0]…) ou JSON. Permissions : codenames de la compagnie uniquement.';

/** Multipart (or JSON) -> validated values + the optional photo. */
async function readForm<T extends z.ZodType>(request: FastifyRequest, schema: T) {
  const { fields, files } = await parseForm(request);
  return { input: validate(schema, normaliseFormFields(fields)), photo: files.photo };
}

export const supervisorsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/companies/list-supervisor',
      {
        config: access.permission('view_supervisor'),
        schema: {
          tags,
          summary: 'Superviseurs (pagination, tri, recherche, filtres, export CSV)',
          description:
            'Sans « status », les superviseurs archivés sont exclus. Un superviseur (avec view_supervisor) ne voit que lui-même.',
          querystring: supervisorListQuery,
          response: { 200: pageOf(supervisor), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where = [
          ...companyCondition(request, params, 'u.company_id'),
          `u.role = 'supervisor'`,
          ...supervisorVisibility(request, params, 'u'),
        ];
        where.push(q.status ? `u.status = ${params.p(q.status)}` : `u.status <> 'archived'`);
        if (q.surcussale_id) {
          where.push(
            `EXISTS (SELECT 1 FROM supervisor_surcussales f WHERE f.company_id = u.company_id AND f.supervisor_id = u.id AND f.surcussale_id = ${params.p(q.surcussale_id)})`,
          );
        }
        const spec = {
          select: SUPERVISOR_COLUMNS,
          from: SUPERVISOR_FROM,
          where,
          params,
          sortable: {
            name: `lower(u.first_name || ' ' || u.last_name)`,
            username: 'lower(u.username)',
            status: 'u.status',
            created_at: 'u.created_at',
          },
          search: [
            'u.first_name',
            'u.last_name',
            `u.first_name || ' ' || u.last_name`,
            'u.username',
            'u.phone',
            'u.email',
          ],
          tieBreaker: 'u.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'superviseurs', csvColumns, await listAll(raw, spec, q));
        const page = await listPage<SupervisorRow>(raw, spec, q);
        return { ...page, results: page.results.map(stripSupervisor) };
      },
    );

    app.get(
      '/api/companies/supervisor',
      {
        config: access.permission('view_supervisor'),
        schema: { tags, summary: 'Un superviseur', querystring: idBody, response: { 200: supervisor, ...errors } },
      },
      async (request) => stripSupervisor(await getSupervisor(raw, request, companyScope(request), request.query.id)),
    );

    app.get(
      '/api/companies/supervisor/options',
      {
        config: access.permission('view_supervisor'),
        schema: {
          tags,
          summary: 'Choix du formulaire superviseur : succursales et permissions attribuables',
          response: { 200: supervisorOptionsBody, ...errors },
        },
      },
      async (request) => supervisorOptions(raw, request, companyForWrite(request)),
    );

    app.post(
      '/api/companies/supervisor',
      {
        config: access.permission('add_supervisor'),
        schema: {
          tags,
          summary: 'Créer un superviseur (multipart ou JSON)',
          description: FORM_DESCRIPTION,
          response: { 200: supervisor, ...errors },
        },
      },
      async (request) => {
        const companyId = companyForWrite(request);
        const { input, photo } = await readForm(request, supervisorInput);
        return createSupervisor(database, request, companyId, input, photo);
      },
    );

    app.put(
      '/api/companies/supervisor',
      {
        config: access.permission('change_supervisor'),
        schema: {
          tags,
          summary: 'Modifier un superviseur (multipart ou JSON; tout l’enregistrement, statut absent = inchangé)',
          description: `${FORM_DESCRIPTION} Photo inchangée sans nouveau fichier; « remove_photo=true » la retire.`,
          response: { 200: supervisor, ...errors },
        },
      },
      async (request) => {
        const companyId = companyForWrite(request);
        const { input, photo } = await readForm(request, supervisorUpdate);
        const { id, ...values } = input;
        return updateSupervisor(database, request, companyId, id, values, photo);
      },
    );

    personWriteRoutes(app, {
      path: '/api/companies/supervisor',
      tags,
      item: supervisor,
      archive: {
        config: access.permission('change_supervisor'),
        summary: 'Archiver un superviseur (sessions fermées, retiré de ses succursales)',
        run: (request, id) => archiveSupervisor(database, request, companyForWrite(request), id),
      },
      block: {
        config: access.permission('block_sup'),
        summary: 'Bloquer / débloquer un superviseur (bloqué : connexion refusée, sessions fermées)',
        run: (request, id, blocked) => blockSupervisor(database, request, companyForWrite(request), id, blocked),
      },
      password: {
        config: access.permission('change_password_sup'),
        summary: 'Changer le mot de passe d’un superviseur (ses sessions sont fermées)',
        run: (request, id, password) =>
          changeSupervisorPassword(database, request, companyForWrite(request), id, password),
      },
      unlock: {
        config: access.permission('change_password_sup'),
        summary: 'Lever le blocage de connexion d’un superviseur (ses échecs de mot de passe sont effacés)',
        run: (request, id) => unlockSupervisorSignIn(database, request, companyForWrite(request), id),
      },
    });
  };
