import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type of the application. `message` is French and is shown to people as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
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

/** Maps every error to `{ statusCode, code, message, fields? }`; input never yields a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    const refused = databaseRefusal(error);
    if (refused) return reply.status(refused.statusCode).send(refused.body);
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
    const fe = error as FastifyError;
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status >= 500) {
      const unavailable = isDatabaseUnavailable(error);
      request.log.error({ err: error }, unavailable ? 'database unavailable' : 'unhandled error');
      if (unavailable) {
        return reply.status(503).send({
          statusCode: 503,
          code: 'UNAVAILABLE',
          message: 'Service momentanément indisponible. Réessayez dans quelques instants.',
        });
      }
      return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: 'Erreur interne du serveur.' });
    }
    const message = (fe.code && FASTIFY_MESSAGES[fe.code]) || STATUS_MESSAGES[status] || 'Requête invalide.';
    return reply.status(status).send({ statusCode: status, code: fe.code ?? 'BAD_REQUEST', message });
  });
}

/**
 * A business refusal raised by the engine's SQL functions (borlette_fail): SQLSTATE P0001, a French
 * message, and a JSON detail `{ status, code, line?, … }`. A line number becomes the field `lines.<i>`.
 */
export function databaseRefusal(error: unknown): { statusCode: number; body: Record<string, unknown> } | null {
  let e = error as { code?: string; detail?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.code !== 'P0001' || !e.detail) continue;
    let detail: { status?: number; code?: string; line?: number };
    try {
      detail = JSON.parse(e.detail);
    } catch {
      return null;
    }
    const status = detail.status && detail.status >= 400 && detail.status < 500 ? detail.status : 409;
    const message = String(e.message);
    const body: Record<string, unknown> = { statusCode: status, code: detail.code ?? 'REFUSED', message };
    if (typeof detail.line === 'number') body.fields = { [`lines.${detail.line - 1}`]: message };
    return { statusCode: status, body };
  }
  return null;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e = error as { code?: string; cause?: unknown } | undefined;
  while (e && !seen.has(e)) {
    seen.add(e);
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (/Connection terminated|connect ECONNREFUSED/.test(String((e as Error).message))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
