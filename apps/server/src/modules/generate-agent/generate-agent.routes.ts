import { errorBody } from '@borlette/shared/contracts/common';
import { generateAgentAnswer, generateAgentInput } from '@borlette/shared/contracts/generate-agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { generateAgents } from './generate-agent.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const generateAgentRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/companies/generate-agent',
      {
        config: access.permission('add_agent'),
        schema: {
          tags: ['agents'],
          summary: 'Générer N vendeurs (1 à 200) avec identifiants et mots de passe aléatoires',
          description:
            'Les mots de passe sont rendus en clair UNE seule fois dans cette réponse (non mise en cache) et ne sont conservés que hachés.',
          body: generateAgentInput,
          response: { 200: generateAgentAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const agents = await generateAgents(database, request, companyForWrite(request), request.body);
        reply.header('cache-control', 'no-store');
        return agents;
      },
    );
  };
