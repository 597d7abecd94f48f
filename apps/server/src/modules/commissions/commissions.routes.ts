import { commissionEndpoints as api, type CommissionRow } from '@borlette/shared/contracts/commissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { updateCommissions } from './commissions.service';
import { commissionCompany, commissionList, getSetting, requireLevelPermission } from './commissions-query';

const rate = (v: number | null) => (v === null ? 'hérité' : `${v / 100} %`);
const csvColumns: CsvColumn<CommissionRow>[] = [
  { header: 'Cible', value: (r) => r.target_name },
  { header: 'Bolet', value: (r) => rate(r.bolet) },
  { header: 'Mariage', value: (r) => rate(r.mariage) },
  { header: 'Loto 3', value: (r) => rate(r.loto3) },
  { header: 'Loto 4', value: (r) => rate(r.loto4) },
  { header: 'Loto 5', value: (r) => rate(r.loto5) },
  { header: 'Modifiée le', value: (r) => r.updated_at },
];

/** Commission per game at company, sub-branch and agent level (issue 20 §3). */
export const commissionsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.get, async (request) => {
      const q = request.query;
      requireLevelPermission(request, q.level, 'view');
      return getSetting(raw, request, commissionCompany(request), q);
    });

    route(app, api.update, async (request) => {
      const { level, surcussale_id, agent_id, ...values } = request.body;
      requireLevelPermission(request, level, 'change');
      const target = { level, surcussale_id, agent_id };
      return updateCommissions(database, contextOf(request), companyForWrite(request), target, values);
    });

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const list = commissionList(request, commissionCompany(request), q.level);
      if (q.format === 'csv') return sendCsv(reply, `commissions-${q.level}`, csvColumns, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });
  };
