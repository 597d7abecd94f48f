import { exposureEndpoints as api } from '@borlette/shared/contracts/exposure';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { authOf, readToken, resolveSession } from '../../http/auth';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { ExposureHub, encodeBoard } from './exposure-hub';
import { boardKey, companyThresholds, readBoard } from './exposure-query';
import { hotNumbersOf } from './hot-numbers-query';

/** The risk center (issue 22 §1): the exposure board, its live stream, the POS's hot numbers. */
export const exposureRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Live figures read the primary: a replica a few seconds behind would hide the sale just made.
    const { raw } = database;
    const hub = new ExposureHub(database);
    app.addHook('preClose', async () => hub.close());

    const keyOf = async (request: Parameters<typeof authOf>[0], q: Parameters<typeof boardKey>[1]) => {
      const companyId = companyOf(request);
      return boardKey(companyId, q, await companyThresholds(raw, companyId, q));
    };

    route(app, api.board, async (request) => readBoard(raw, request, await keyOf(request, request.query)));

    route(app, api.stream, async (request, reply) => {
      const key = await keyOf(request, request.query);
      // Read before the stream opens, so that a wrong draw is a plain 404 answer.
      const initial = await readBoard(raw, request, key);
      const token = readToken(request) ?? '';
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        // nginx (docs/deploy): do not buffer the stream.
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      // A client that does not ask for the stream (no `Accept: text/event-stream`, as EventSource
      // sends) gets the current board as one event, and the answer ends: curl, probes, test harnesses.
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        res.end(`event: board\ndata: ${encodeBoard(initial)}\n\n`);
        return reply;
      }
      hub.add(
        {
          auth: authOf(request),
          key,
          res,
          recheck: async () => {
            const s = await resolveSession(database, token);
            return s instanceof AppError ? null : s;
          },
        },
        initial,
      );
      return reply;
    });

    route(app, api.hotNumbers, async (request) => hotNumbersOf(raw, companyOf(request), request.query.tirage_ids));
  };

/** The board is one company's: the superuser on « Toutes » must choose one. */
function companyOf(request: Parameters<typeof authOf>[0]): number {
  const companyId = authOf(request).companyId;
  if (companyId === null)
    throw new AppError(
      409,
      'COMPANY_REQUIRED',
      'Sélectionnez une compagnie (et non « Toutes ») pour voir l’exposition.',
    );
  return companyId;
}
