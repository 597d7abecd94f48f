import { z } from 'zod';
import { allow, endpoint } from '../endpoint';

/** The 503 of the readiness probe: why the instance takes no traffic. */
export const notReady = z.object({
  statusCode: z.literal(503),
  code: z.enum(['UNAVAILABLE', 'DRAINING']),
  message: z.string(),
  database: z.string(),
});

/**
 * Liveness and readiness probes (load balancers, orchestrators, `npm run backup`): their paths and
 * answers are what ops tooling reads, never to be changed.
 */
export const healthEndpoints = {
  live: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Vivant',
    access: allow.public(),
    response: z.object({ status: z.literal('ok') }),
    errors: {},
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    tag: 'health',
    summary: 'Prêt (base de données joignable, pas en cours d’arrêt)',
    access: allow.public(),
    response: z.object({ status: z.literal('ready'), database: z.string() }),
    errors: { 503: notReady },
  }),
  /** Prometheus text, to `Authorization: Bearer <METRICS_TOKEN>` only (404 while no token is set). */
  metrics: endpoint({
    method: 'GET',
    path: '/api/metrics',
    tag: 'health',
    summary: 'Métriques (Prometheus)',
    access: allow.public(),
    response: null,
    errors: {},
    hidden: true,
  }),
};
