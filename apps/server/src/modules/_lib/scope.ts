import type { FastifyRequest } from 'fastify';
import { authOf } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { SqlParams } from './sql';

/**
 * The company a read is limited to: the user's own (or the superuser's selection); null only for
 * the superuser with 'all' selected (reads across companies).
 */
export function companyScope(request: FastifyRequest): number | null {
  return authOf(request).companyId;
}

/** `alias.company_id = $n` for the request's company, or nothing for the superuser with 'all'. */
export function companyCondition(request: FastifyRequest, params: SqlParams, column: string): string[] {
  const companyId = companyScope(request);
  return companyId === null ? [] : [`${column} = ${params.p(companyId)}`];
}

/** Whether the request sees every agent of its scope (all roles but the supervisor, who sees its own). */
export function seesEveryAgent(request: FastifyRequest): boolean {
  return authOf(request).role !== 'supervisor';
}

/**
 * What a supervisor watches: the agents of its sub-branches and the agents assigned to it.
 * Returns SQL conditions (none for other roles).
 */
export function agentVisibility(request: FastifyRequest, params: SqlParams, alias: string): string[] {
  if (seesEveryAgent(request)) return [];
  const auth = authOf(request);
  const me = params.p(auth.userId);
  return [
    `(${alias}.surcussale_id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss WHERE ss.supervisor_id = ${me})
      OR ${alias}.supervisor_id = ${me})`,
  ];
}

/** Sub-branches a supervisor watches (none for other roles = no restriction). */
export function surcussaleVisibility(request: FastifyRequest, params: SqlParams, column: string): string[] {
  if (seesEveryAgent(request)) return [];
  const auth = authOf(request);
  return [
    `${column} IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss WHERE ss.supervisor_id = ${params.p(auth.userId)})`,
  ];
}

export function orNotFound<T>(row: T | undefined, message = 'Enregistrement introuvable.'): T {
  if (!row) throw notFound(message);
  return row;
}
