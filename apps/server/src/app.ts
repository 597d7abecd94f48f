import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/errors';
import { registerWebApp } from './http/web-app';
import { authRoutes } from './modules/auth/auth.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { countriesRoutes } from './modules/countries/countries.routes';
import { healthRoutes } from './modules/health/health.routes';
import { sessionRoutes } from './modules/session/session.routes';

export interface AppDeps {
  database: Database;
  config: Config;
}

/** Every feature module, in one list: a new feature is one line here. */
const MODULES = [healthRoutes, authRoutes, sessionRoutes, countriesRoutes, companiesRoutes, contactRoutes];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only means something behind TLS; the reverse proxy sets it (see README).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  registerErrorHandler(app);
  registerAuth(app, deps.database);

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

  for (const mod of MODULES) await app.register(mod(deps));

  await registerWebApp(app, config);
  return app;
}
