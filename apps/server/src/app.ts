import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import {
  createSerializerCompiler,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './http/auth';
import { frameworkErrors, registerErrorHandler } from './http/errors';
import { registerMetrics } from './http/metrics';
import { RequestLogController } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { registerScheduler } from './jobs/scheduler';
import { bigintReplacer } from './lib/exact-json';
import type { PollerDeps } from './modules/results/poller';

export interface AppDeps {
  database: Database;
  config: Config;
  /**
   * Where the reports, statistics and dashboards read (a PostgreSQL read replica); unset: `database`.
   * They only read summaries, so a replica a few seconds behind shows figures a few seconds old.
   */
  reportsDatabase?: Database;
  /** The results sources (issue 21): the registry of modules/results/providers by default; tests give their own. */
  resultSources?: Pick<PollerDeps, 'providerFor' | 'fetchFor'>;
  /** Where the log lines go (default: JSON on standard output); main.ts may give a terminal's pretty stream, tests read them. */
  logStream?: NodeJS.WritableStream;
}

type ModuleFactory = (deps: AppDeps) => FastifyPluginAsync;

/**
 * Every feature module: each `modules/<feature>/*.routes.ts` exports `<name>Routes(deps)`.
 * Discovered from the folder (sorted), so that a new feature is a new folder and nothing else.
 */
async function loadModules(): Promise<ModuleFactory[]> {
  const dir = path.join(import.meta.dirname, 'modules');
  const found: ModuleFactory[] = [];
  for (const feature of readdirSync(dir).sort()) {
    if (feature.startsWith('_')) continue;
    const folder = path.join(dir, feature);
    for (const file of readdirSync(folder).sort()) {
      if (!/\.routes\.[tj]s$/.test(file)) continue;
      const mod = (await import(pathToFileURL(path.join(folder, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (name.endsWith('Routes') && typeof value === 'function') found.push(value as ModuleFactory);
      }
    }
  }
  return found;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-backup-token"]'],
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // One line per API request instead of two per request, files included (http/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // An amount past 2^53 (a bigint, see contracts/money.ts) is written as the string of its digits.
  app.setSerializerCompiler(createSerializerCompiler({ replacer: bigintReplacer }));
  // Hooks on every request are plain functions calling done(): no promise per hook and request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Behind TLS only (directly, or X-Forwarded-Proto from a trusted proxy): over plain HTTP it would
    // mean nothing, and on localhost it would pin the browser to HTTPS.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Every API answer (JSON, CSV and PDF exports, errors) is someone's data or a token: no browser or
    // proxy keeps a copy. Public files (/uploads, the web build) keep their own caching.
    if (request.url.startsWith('/api/') && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  registerSecurityHeaders(app);

  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 3, fields: 300, fieldSize: 100_000 } });
  registerErrorHandler(app);
  registerAuth(app, deps.database);
  registerMetrics(app, config.metricsToken);
  // Background jobs (invoices, table maintenance): jobs/scheduler.ts.
  registerScheduler(app, deps);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Borlette API',
        version: '1.0.0',
        description: 'API du back-office et des points de vente. Messages d’erreur en français.',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '« Token <jeton> » ou « Bearer <jeton> »',
          },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const mod of await loadModules()) await app.register(mod(deps));

  await registerWebApp(app, config);
  return app;
}
