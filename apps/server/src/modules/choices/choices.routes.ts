import { choiceEndpoints as api } from '@borlette/shared/contracts/choices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import { agentChoices, surcussaleChoices, tirageChoices } from './choices-query';

/**
 * The names a picker needs, for any user of the company: a supervisor allowed to set a limit per agent
 * must be able to choose the agent without holding view_agent. Scoped like every read.
 * Platform staff acting on a selected company are not users of it: they must hold the codename of the
 * list's own page (CHOICE_STAFF_CODENAMES: view_tirage, view_surcussale, view_agent), or the picker is
 * refused (403).
 */
export const choicesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;
    route(app, api.tirages, async (request) => tirageChoices(raw, request));
    route(app, api.surcussales, async (request) => surcussaleChoices(raw, request));
    route(app, api.agents, async (request) => agentChoices(raw, request, request.query));
  };
