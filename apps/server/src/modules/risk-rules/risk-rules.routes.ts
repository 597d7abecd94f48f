import { riskRuleEndpoints as api } from '@borlette/shared/contracts/risk-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { updateRules } from './risk-rules.service';
import { getRules, previewRules } from './risk-rules-query';

/** The automatic limit rules (issue 22 §2): settings, and what they change today on a draw. */
export const riskRulesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // One company: the superuser with « Toutes » must pick one (companyForWrite says so).
    route(app, api.get, async (request) => getRules(database.raw, companyForWrite(request)));

    route(app, api.update, async (request) =>
      updateRules(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.preview, async (request) =>
      previewRules(database.raw, companyForWrite(request), request.query.tirage_id),
    );
  };
