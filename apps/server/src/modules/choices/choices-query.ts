import { agentChoice, type agentChoiceQuery, surcussaleChoice, tirageChoice } from '@borlette/shared/contracts/choices';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { containsPattern, joinSql, rows, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { agentsWatched, companyScope, surcussalesWatched } from '../_lib/scope';

/* What the pickers offer, scoped like every read; nothing for the superuser on « Toutes ». */

export async function tirageChoices(raw: RawClient, ctx: HasAuth) {
  const companyId = companyScope(ctx);
  if (companyId === null) return [];
  return rows(
    raw,
    tirageChoice,
    sql`SELECT id, name, status, source_id FROM tirages WHERE company_id = ${companyId} ORDER BY lower(name), id`,
  );
}

export async function surcussaleChoices(raw: RawClient, ctx: HasAuth) {
  const companyId = companyScope(ctx);
  if (companyId === null) return [];
  const where = [sql`s.company_id = ${companyId}`, ...surcussalesWatched(ctx, sql`s.id`)];
  return rows(
    raw,
    surcussaleChoice,
    sql`SELECT s.id, s.name, s.status FROM surcussales s WHERE ${joinSql(where, ' AND ')} ORDER BY lower(s.name), s.id`,
  );
}

export async function agentChoices(raw: RawClient, ctx: HasAuth, q: z.output<typeof agentChoiceQuery>) {
  const companyId = companyScope(ctx);
  if (companyId === null) return [];
  const where = [
    sql`a.company_id = ${companyId}`,
    sql`a.role = 'agent'`,
    sql`a.status <> 'archived'`,
    ...agentsWatched(ctx, sql`a`),
  ];
  if (q.surcussale_id) where.push(sql`a.surcussale_id = ${q.surcussale_id}`);
  if (q.search) {
    const term = containsPattern(q.search);
    where.push(sql`(lower(a.username) LIKE ${term} OR lower(a.first_name || ' ' || a.last_name) LIKE ${term})`);
  }
  return rows(
    raw,
    agentChoice,
    sql`SELECT a.id, coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.username) AS name, a.username,
               a.surcussale_id, s.name AS surcussale_name, a.status
          FROM users a LEFT JOIN surcussales s ON s.id = a.surcussale_id
         WHERE ${joinSql(where, ' AND ')}
         ORDER BY lower(a.last_name), lower(a.first_name), a.id
         LIMIT ${q.limit}`,
  );
}
