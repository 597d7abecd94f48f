import { type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import { notFound } from '../../http/errors';

/**
 * The company a read is limited to: the user's own (or the superuser's selection); null only for
 * the superuser with 'all' selected (reads across companies).
 */
export function companyScope(ctx: HasAuth): number | null {
  return authOf(ctx).companyId;
}

/** Whether the caller sees every agent of its scope (all roles but the supervisor, who sees its own). */
export function seesEveryAgent(ctx: HasAuth): boolean {
  return authOf(ctx).role !== 'supervisor';
}

/** `column = <company>` for the caller's company, or nothing for the superuser with 'all'. */
export function companyWhere(ctx: HasAuth, column: Sql): Sql[] {
  const companyId = companyScope(ctx);
  return companyId === null ? [] : [sql`${column} = ${companyId}`];
}

/**
 * What a supervisor watches: the agents of its sub-branches and the agents assigned to it
 * (`agent` is the users row's alias). No condition for other roles.
 */
export function agentsWatched(ctx: HasAuth, agent: Sql): Sql[] {
  if (seesEveryAgent(ctx)) return [];
  const me = authOf(ctx).userId;
  return [
    sql`(${agent}.surcussale_id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss WHERE ss.supervisor_id = ${me})
      OR ${agent}.supervisor_id = ${me})`,
  ];
}

/** The sub-branches a supervisor watches (no condition for other roles). */
export function surcussalesWatched(ctx: HasAuth, column: Sql): Sql[] {
  if (seesEveryAgent(ctx)) return [];
  return [
    sql`${column} IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss WHERE ss.supervisor_id = ${authOf(ctx).userId})`,
  ];
}

export function orNotFound<T>(row: T | undefined, message = 'Enregistrement introuvable.'): T {
  if (!row) throw notFound(message);
  return row;
}
