import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pretty from 'pino-pretty';

/**
 * One log line per API request, none for the web app's files.
 *
 * Fastify's own request logging writes two lines per request (« incoming request », « request
 * completed »), static files included: thousands of lines for one person clicking around. This
 * controller (Fastify's `logController`) writes one line when the answer is sent, with what an
 * operator looks for: method, path (without the query string: searches may hold names or phone
 * numbers), status, duration, and who asked when known. The request id rides along (`reqId`).
 */

/** Polled by machines (load balancer, orchestrator, Prometheus): at `debug`, so they do not drown the rest. */
const PROBES = new Set(['/api/health', '/api/ready', '/api/metrics']);

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** Path parameters that are secrets: the receipt link's ref_code is the QR's, which pays a winning ticket. */
const SECRET_PARAMS = ['refCode'];

/** The path to log: the route's pattern (`/api/public/fiche/:refCode`) when the path holds a secret. */
function loggedPath(request: FastifyRequest): string {
  const params = request.params;
  const pattern = request.routeOptions?.url;
  if (pattern && params && typeof params === 'object' && SECRET_PARAMS.some((k) => k in params)) return pattern;
  return pathOf(request.url);
}

/** The web app (index.html, hashed assets, uploads) and the API docs' own files are not API requests. */
const isApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs/static/');

export class RequestLogController extends LogController {
  constructor() {
    // Also silences Fastify's other per-request lines (a client that went away mid-file…) for files.
    super({ disableRequestLogging: (request) => !isApi(pathOf(request.url)) });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const path = loggedPath(request);
    const ms = Math.round(reply.elapsedTime);
    const who = request.auth;
    const line = {
      method: request.method,
      path,
      status: reply.statusCode,
      ms,
      ...(who ? { userId: who.userId, user: who.username, companyId: who.companyId ?? undefined } : {}),
    };
    const message = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (error) request.log.error({ ...line, err: error }, message);
    else if (PROBES.has(path)) request.log.debug(line, message);
    else request.log.info(line, message);
  }
}

export type LogFormat = 'pretty' | 'json';

/**
 * Readable lines for a person at a terminal; JSON lines for machines (a file, a pipe, a log collector)
 * and in production. `LOG_FORMAT` decides when set.
 */
export function chooseLogFormat(opts: { given?: LogFormat; env: string; isTTY: boolean }): LogFormat {
  if (opts.given) return opts.given;
  return opts.isTTY && opts.env !== 'production' ? 'pretty' : 'json';
}

/**
 * The terminal's stream: « 12:03:41 INFO GET /api/tickets 200 12 ms — agent1 (compagnie 2) », the
 * fields already in the message left out. Synchronous, in this thread: a terminal is for a person,
 * not for a production load.
 */
export function prettyLogStream(destination: NodeJS.WritableStream | number = 1, colorize?: boolean) {
  return pretty({
    destination: destination as never,
    sync: true,
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,path,status,ms,userId,user,companyId',
    messageFormat: '{msg}{if user} — {user}{end}{if companyId} (compagnie {companyId}){end}',
    singleLine: true,
  });
}
