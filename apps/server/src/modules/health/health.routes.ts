import { healthEndpoints as api } from '@borlette/shared/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../../http/errors';
import { route } from '../../http/route';
import { isDraining } from '../../ops/lifecycle';
import { databaseAnswers } from './health-query';

/** A readiness probe never waits longer than this for the database. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness (`/api/health`: the process answers, whatever the database) and readiness (`/api/ready`:
 * the database answers a query within 2 s and the instance is not shutting down). A load balancer or
 * an orchestrator routes traffic on readiness and restarts on liveness, so a database outage makes the
 * instance unready, never « dead ».
 */
export const healthRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.live, async () => ({ status: 'ok' as const }));
    route(app, api.ready, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isDraining(database)) {
        return reply.status(503).send({
          statusCode: 503 as const,
          code: 'DRAINING' as const,
          message: 'Le serveur s’arrête : les requêtes en cours se terminent, les nouvelles vont ailleurs.',
          database: database.kind,
        });
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          databaseAnswers(database.raw),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('readiness query timed out')), READY_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        request.log.warn({ err }, 'not ready: database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({
            statusCode: 503 as const,
            code: 'UNAVAILABLE' as const,
            message: UNAVAILABLE_MESSAGE,
            database: database.kind,
          });
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready' as const, database: database.kind };
    });
  };
