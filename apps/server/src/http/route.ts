import { type Endpoint, STANDARD_ERRORS } from '@borlette/shared/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { recheckingSession } from './auth';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of an endpoint's handler: its query, body and params as its schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Querystring: Parsed<E['query']>;
  Body: E['multipart'] extends true ? unknown : Parsed<E['body']>;
  Params: Parsed<E['params']>;
}>;

/** What a handler answers: the declared 200 body, or the reply it sent itself (a CSV, a file, a page). */
export type EndpointAnswer<E extends Endpoint> =
  | (E['response'] extends z.ZodType ? z.input<E['response']> : never)
  | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E>> | EndpointAnswer<E>;

// biome-ignore lint/suspicious/noExplicitAny: any server/logger generics; only the type provider matters here
type ZodApp = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface RouteOptions {
  /**
   * The handler's engine function checks the session again in its own statement (the sale): the
   * session may come from this instance's memory (http/session-cache.ts).
   */
  engineChecksSession?: boolean;
}

/**
 * Registers the route of an endpoint declared in packages/shared (method, path, access, schemas):
 * the declaration is the only place they are written. `http/auth.ts` enforces `access` on every
 * request; the schemas validate the input and serialise the answer.
 */
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const response = {
    ...(endpoint.response ? { 200: endpoint.response } : {}),
    ...(endpoint.errors ?? STANDARD_ERRORS),
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, endpoint, engineChecksSession: options.engineChecksSession === true },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.multipart
        ? { consumes: ['multipart/form-data', 'application/json'] }
        : endpoint.body
          ? { body: endpoint.body }
          : {}),
      response,
    },
    handler: (options.engineChecksSession ? recheckingSession(handler as Handler) : handler) as Handler,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (every /api route has one). */
    endpoint?: Endpoint;
    engineChecksSession?: boolean;
  }
}
