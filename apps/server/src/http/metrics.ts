import { timingSafeEqual } from 'node:crypto';
import { healthEndpoints } from '@borlette/shared/contracts/health';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from './errors';
import { route } from './route';

/** Process metrics (memory, CPU, event loop, GC): one set per process, however many apps it builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'borlette_' });
  }
  return processRegistry;
}

/** The routes whose outcome is a sale (counted apart: the business's heartbeat). */
const SALE_ROUTE = 'POST /api/agents/fiches';

/**
 * Basic metrics in the Prometheus text format at GET /api/metrics: requests by method, route template
 * and status, their latency, server errors, sales accepted and refused, and the process's own
 * figures. Served only with `Authorization: Bearer <METRICS_TOKEN>` (unset: not served), so business
 * volumes are not public.
 */
export function registerMetrics(app: FastifyInstance, token: string | null) {
  const registry = new Registry();
  const requests = new Counter({
    name: 'borlette_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'borlette_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'borlette_http_server_errors_total',
    help: 'HTTP answers with a 5xx status, by route template',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const sales = new Counter({
    name: 'borlette_sales_total',
    help: 'Ticket sales through the agents API, accepted (2xx) or refused',
    labelNames: ['result'] as const,
    registers: [registry],
  });

  // Each label set's child, kept: prom-client otherwise sorts and hashes the labels on every call.
  const children = new Map<string, { count: () => void; observe: (s: number) => void }>();
  const childOf = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const counted = requests.labels({ method, route, status: String(status) });
      const timed = duration.labels({ method, route });
      const failed = status >= 500 ? errors.labels({ route }) : null;
      const sale =
        `${method} ${route}` === SALE_ROUTE ? sales.labels({ result: status < 300 ? 'accepted' : 'refused' }) : null;
      child = {
        count: () => {
          counted.inc();
          failed?.inc();
          sale?.inc();
        },
        observe: (seconds) => timed.observe(seconds),
      };
      children.set(key, child);
    }
    return child;
  };

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/api/metrics') {
      const child = childOf(request.method, route, reply.statusCode);
      child.count();
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });

  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  route(app, healthEndpoints.metrics, async (request, reply) => {
    if (!expected) throw new AppError(404, 'NOT_FOUND', 'Métriques désactivées (METRICS_TOKEN non défini).');
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(401, 'UNAUTHORIZED', 'Jeton des métriques manquant ou invalide.');
    }
    const text = `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
