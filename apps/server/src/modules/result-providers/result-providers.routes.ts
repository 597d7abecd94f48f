import { resultProvidersEndpoints as api } from '@borlette/shared/contracts/result-providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { addHoliday, removeHoliday, testProvider, updateCalendar, updateProvider } from './result-providers.service';
import { listCalendar, listProviders } from './result-providers-query';

/** The official results' sources and the draw calendars (issue 21): the superuser's settings. */
export const resultProvidersRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async () => listProviders(raw));

    route(app, api.update, async (request) =>
      updateProvider(database, contextOf(request), request.params.code, request.body),
    );

    route(app, api.test, async (request) => testProvider(raw, request.params.code, request.body ?? {}));

    route(app, api.calendar, async () => listCalendar(raw));

    route(app, api.updateCalendar, async (request) =>
      updateCalendar(database, contextOf(request), request.params.source_id, request.body),
    );

    route(app, api.addHoliday, async (request) =>
      addHoliday(database, contextOf(request), request.params.source_id, request.body),
    );

    route(app, api.removeHoliday, async (request) =>
      removeHoliday(database, contextOf(request), request.params.source_id, request.body.day),
    );
  };
