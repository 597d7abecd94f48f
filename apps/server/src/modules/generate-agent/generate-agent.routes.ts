import { generateAgentEndpoints as api } from '@borlette/shared/contracts/generate-agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { generateAgents } from './generate-agent.service';

export const generateAgentRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.generate, async (request, reply) => {
      const agents = await generateAgents(
        database,
        contextOf(request),
        companyForWrite(request),
        request.body,
        request.log,
      );
      reply.header('cache-control', 'no-store');
      return agents;
    });
  };
