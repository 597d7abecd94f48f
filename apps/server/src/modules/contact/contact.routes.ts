import { contactEndpoints as api } from '@borlette/shared/contracts/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { sendContactMessage } from './contact.service';

export const contactRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.send, async (request) => sendContactMessage(database, contextOf(request), request.body));
  };
