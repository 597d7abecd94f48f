import type { ErrorCode } from '@borlette/shared/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type of the application. `message` is French and is shown to people as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Every problem when there are several (a refused sale: contracts/fiches.ts saleRefusal). */
    readonly problems?: readonly object[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const unauthorized = (message = 'Authentification requise. Veuillez vous connecter.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Vous n’avez pas la permission d’effectuer cette action.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Ressource introuvable.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** A 409 on form fields (a name already taken): the first field's message leads. */
export const conflictOn = (fields: Record<string, string>) =>
  new AppError(409, 'CONFLICT', Object.values(fields)[0], fields);

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le corps de la requête n’est pas un JSON valide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide alors qu’un JSON est attendu.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête est trop volumineuse.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'En-tête Content-Length invalide.',
  FST_ERR_CTP_INVALID_TYPE: 'Type de contenu invalide.',
  FST_ERR_VALIDATION: 'Données invalides.',
  FST_ERR_NOT_FOUND: 'Ressource introuvable.',
  FST_ERR_BAD_URL: 'Adresse invalide.',
  FST_ERR_MAX_PARAM_LENGTH: 'L’adresse est trop longue.',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Authentification requise. Veuillez vous connecter.',
  403: 'Accès refusé.',
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée.',
  406: 'Format de réponse non acceptable.',
  413: 'La requête est trop volumineuse.',
  414: 'L’adresse est trop longue.',
  415: 'Type de contenu non pris en charge.',
  429: 'Trop de requêtes. Réessayez plus tard.',
  431: 'En-têtes de requête trop volumineux.',
};

/**
 * Fastify's `frameworkErrors`: errors raised before routing (a malformed or too long path parameter),
 * which otherwise answer Fastify's English body without reaching the error handler.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const message =
    status === 500
      ? 'Erreur interne du serveur.'
      : (error.code && FASTIFY_MESSAGES[error.code]) || STATUS_MESSAGES[status] || 'Requête invalide.';
  return reply.status(status).send({ statusCode: status, code: error.code ?? 'BAD_REQUEST', message });
}

/** Maps every error to `{ statusCode, code, message, fields? }`; input never yields a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.problems) body.problems = error.problems;
      return reply.status(error.statusCode).send(body);
    }
    const refused = databaseRefusal(error);
    if (refused) return reply.status(refused.statusCode).send(refused.body);
    const overflow = amountOverflow(error);
    if (overflow) {
      // Data past what int8 holds (a sum of amounts already in the database): refused with a clear
      // message, logged for the operators; a write's transaction has been rolled back.
      request.log.error({ err: error }, 'amount overflow');
      return reply.status(422).send({ statusCode: 422, ...overflow });
    }
    const badValue = inputConversionRefusal(error);
    if (badValue) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ statusCode: 400, ...badValue });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const issuePath = (v.params?.issue as { path?: PropertyKey[] } | undefined)?.path;
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issuePath?.map(String).join('.') ?? '');
        const name = key || error.validationContext || 'body';
        fields[name] ??= v.message ?? 'Valeur invalide';
      }
      const first = Object.entries(fields)[0];
      const where = error.validationContext === 'querystring' ? 'paramètres' : 'données';
      const message = first ? `${first[1]} (${first[0]})` : `Les ${where} envoyées sont invalides.`;
      return reply.status(400).send({ statusCode: 400, code: 'VALIDATION_ERROR', message, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: 'Erreur interne du serveur.' });
    }
    const given = (error as FastifyError).statusCode;
    if (!(given && given < 500) && isDatabaseUnavailable(error)) {
      // Not the application's fault nor the request's: the database is unreachable for now (down,
      // restarting, network cut, pool exhausted). 503 + Retry-After; the pool reconnects by itself.
      request.log.error({ err: error }, 'database unavailable');
      const body = unavailableBody();
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body);
    }
    const fe = error as FastifyError;
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: 'Erreur interne du serveur.' });
    }
    const message = (fe.code && FASTIFY_MESSAGES[fe.code]) || STATUS_MESSAGES[status] || 'Requête invalide.';
    return reply.status(status).send({ statusCode: status, code: fe.code ?? 'BAD_REQUEST', message });
  });
}

/**
 * A business refusal raised by the engine's SQL functions (borlette_fail): SQLSTATE P0001, a French
 * message, and a JSON detail `{ status, code, line?, problems?, … }`. A line number becomes the field
 * `lines.<i>`. A refused sale lists every problem of its ticket (borlette_fail_all, migration 0014):
 * the answer is the first one as before, with `problems` (code, message, line?, tirage_id?) and a
 * field for every line named (its messages joined).
 */
export function databaseRefusal(error: unknown): { statusCode: number; body: Record<string, unknown> } | null {
  let e = error as { code?: string; detail?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.code !== 'P0001' || !e.detail) continue;
    let detail: { status?: number; code?: string; line?: number; problems?: unknown };
    try {
      detail = JSON.parse(e.detail);
    } catch {
      return null;
    }
    const status = detail.status && detail.status >= 400 && detail.status < 500 ? detail.status : 409;
    const message = String(e.message);
    const body: Record<string, unknown> = { statusCode: status, code: detail.code ?? 'REFUSED', message };
    if (typeof detail.line === 'number') body.fields = { [`lines.${detail.line - 1}`]: message };
    if (Array.isArray(detail.problems)) {
      const problems = detail.problems.map(refusalProblem);
      const fields: Record<string, string> = {};
      for (const p of problems) {
        if (p.line === undefined) continue;
        const key = `lines.${p.line - 1}`;
        fields[key] = fields[key] ? `${fields[key]} ${p.message}` : p.message;
      }
      if (Object.keys(fields).length > 0) body.fields = fields;
      body.problems = problems;
    }
    return { statusCode: status, body };
  }
  return null;
}

/** One problem of a refusal's list, as the API answers it (contracts/fiches.ts saleProblem). */
function refusalProblem(raw: unknown): { code: string; message: string; line?: number; tirage_id?: number } {
  const p = (raw ?? {}) as { code?: unknown; message?: unknown; line?: unknown; tirage_id?: unknown };
  return {
    code: String(p.code ?? 'REFUSED'),
    message: String(p.message ?? ''),
    ...(typeof p.line === 'number' ? { line: p.line } : {}),
    ...(typeof p.tirage_id === 'number' ? { tirage_id: p.tirage_id } : {}),
  };
}

/**
 * A value the database could not take from a request's parameter: a NUL byte in text (22021), a
 * character the encoding cannot hold (22P05), a number beyond its column's type (22003 « value "…" is
 * out of range for type integer/smallint »: an id of 2^31 for an int4 column). Only input carries
 * them, so 400 with a French message (an overflow inside a computation stays a 500).
 */
function inputConversionRefusal(error: unknown): { code: string; message: string } | null {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.code === '22021' || e.code === '22P05') {
      return {
        code: 'INVALID_CHARACTER',
        message: 'Les données envoyées contiennent un caractère interdit (octet nul).',
      };
    }
    if (e.code === '22003' && /^value ".*" is out of range for type/s.test(String(e.message))) {
      return { code: 'OUT_OF_RANGE', message: 'Une valeur envoyée est hors limites (nombre trop grand).' };
    }
  }
  return null;
}

/**
 * A computation on amounts past int8 (22003 « bigint out of range », « numeric field overflow »): a sum
 * of amounts already in the database beyond 92 233 720 368 547 758,07. Never a 500 (contracts/money.ts).
 */
function amountOverflow(error: unknown): { code: string; message: string } | null {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.code === '22003' && /^(bigint out of range|numeric field overflow)/.test(String(e.message))) {
      return {
        code: 'AMOUNT_OUT_OF_RANGE',
        message: 'Un montant ou un total dépasse ce que le serveur peut calculer exactement. Rien n’a été modifié.',
      };
    }
  }
  return null;
}

/** Seconds a client should wait before retrying after a 503 (database unavailable). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE =
  'Service momentanément indisponible (base de données injoignable). Réessayez dans quelques instants.';

export function unavailableBody() {
  return { statusCode: 503, code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE };
}

/** Socket-level failures reaching the database (node:net / dns). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * SQLSTATEs of a database that is not serving: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting, recovering), 53300 too many connections.
 * Not 57014 (a statement cancelled by a timeout is the statement's problem, not an outage).
 */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[123]|53300)$/;

/** Messages of node-postgres (pg, pg-pool) and PGlite when there is no usable connection. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end|Client was closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|PGlite is closed/i;

/** The error (or one of its causes, or one of an AggregateError's errors) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof AppError) return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return false;
}
