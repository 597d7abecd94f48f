import type { SortKey } from '@borlette/shared/contracts/list';
import {
  agentMessage,
  type Message,
  type MessageChoices,
  message,
  messageChoices,
  type messageListQuery,
} from '@borlette/shared/contracts/messages';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { execute, firstRow, isoTime, joinSql, rawSql, rows, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { agentsWatched, companyWhere, orNotFound, seesEveryAgent, surcussalesWatched } from '../_lib/scope';

const local = (col: Sql) => sql`to_char(${col} AT TIME ZONE c.timezone, 'YYYY-MM-DD"T"HH24:MI')`;
/** `u` is the users row's alias (code-owned). */
const personName = (u: string) =>
  rawSql(`coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`);

/** Where a message stands against the clock (status aside). */
const PERIOD_SQL = sql`CASE WHEN m.starts_at > now() THEN 'upcoming'
            WHEN m.ends_at IS NOT NULL AND m.ends_at < now() THEN 'ended' ELSE 'current' END`;

const MESSAGE_COLUMNS = sql`
  m.id, m.company_id, m.title, m.body AS text, m.image, m.audience, m.surcussale_id, s.name AS surcussale_name,
  coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', ${personName('u')}) ORDER BY u.id)
              FROM message_agents ma JOIN users u ON u.id = ma.agent_id
             WHERE ma.company_id = m.company_id AND ma.message_id = m.id), '[]'::json) AS agents,
  ${isoTime(sql`m.starts_at`)} AS starts_at, ${isoTime(sql`m.ends_at`)} AS ends_at,
  ${local(sql`m.starts_at`)} AS starts_at_local, ${local(sql`m.ends_at`)} AS ends_at_local,
  c.timezone, m.status, ${PERIOD_SQL} AS period,
  CASE WHEN cb.id IS NULL THEN NULL ELSE ${personName('cb')} END AS created_by_name,
  ${isoTime(sql`m.created_at`)} AS created_at, ${isoTime(sql`m.updated_at`)} AS updated_at`;
const MESSAGE_FROM = sql`FROM messages m
  JOIN companies c ON c.id = m.company_id
  LEFT JOIN surcussales s ON s.id = m.surcussale_id
  LEFT JOIN users cb ON cb.id = m.created_by`;

/** A message as the API answers it, plus its company (for the writes' checks; stripped before answering). */
export const messageRow = message.extend({ company_id: z.number() });
type MessageRow = z.output<typeof messageRow>;
export const withoutCompany = ({ company_id, ...r }: MessageRow): Message => r;

/** Said to a supervisor whose message would reach agents it does not watch. */
export const OUT_OF_SCOPE = 'Un superviseur ne peut écrire qu’aux succursales ou aux vendeurs qu’il surveille.';

/**
 * The messages a supervisor sees, edits and deletes: those whose whole audience it watches (one of its
 * sub-branches, or agents all of whom it watches; « all » reaches agents it does not). Built on the
 * scope of modules/_lib/scope.ts; no condition for the other roles.
 */
export function messageVisibility(ctx: HasAuth): Sql[] {
  if (seesEveryAgent(ctx)) return [];
  const [watchedBranch] = surcussalesWatched(ctx, sql`m.surcussale_id`);
  const [watchedAgent] = agentsWatched(ctx, sql`ta`);
  const targets = sql`FROM message_agents ma JOIN users ta ON ta.id = ma.agent_id
                   WHERE ma.company_id = m.company_id AND ma.message_id = m.id`;
  return [
    sql`((m.audience = 'surcussale' AND coalesce(${watchedBranch}, false))
      OR (m.audience = 'agents' AND EXISTS (SELECT 1 ${targets})
          AND NOT EXISTS (SELECT 1 ${targets} AND NOT coalesce(${watchedAgent}, false))))`,
  ];
}

type Filters = z.output<typeof messageListQuery>;

/** The list of GET /api/companies/messages: the caller's company, a supervisor's own audiences. */
export function messageList(ctx: HasAuth, q: Filters): ListSource<typeof messageRow, SortKey<typeof messageListQuery>> {
  const where = [...companyWhere(ctx, sql`m.company_id`), ...messageVisibility(ctx)];
  if (q.status) where.push(sql`m.status = ${q.status}`);
  if (q.audience) where.push(sql`m.audience = ${q.audience}`);
  if (q.period) where.push(sql`${PERIOD_SQL} = ${q.period}`);
  return {
    row: messageRow,
    select: MESSAGE_COLUMNS,
    from: MESSAGE_FROM,
    where,
    sortable: {
      starts_at: sql`m.starts_at`,
      ends_at: sql`m.ends_at`,
      title: sql`lower(m.title)`,
      status: sql`m.status`,
      created_at: sql`m.created_at`,
    },
    search: [sql`m.title`, sql`m.body`, sql`s.name`],
    tieBreaker: sql`m.id`,
  };
}

/** One message of the company (any company: null), as this user may see it (a supervisor: in its scope). */
export async function getMessage(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number | null,
  id: number,
  lock = false,
): Promise<MessageRow> {
  const conds = [sql`m.id = ${id}`, ...messageVisibility(ctx)];
  if (companyId !== null) conds.push(sql`m.company_id = ${companyId}`);
  const where = joinSql(conds, ' AND ');
  // Locked (in a write's transaction), the audience checked is the one the write replaces.
  if (lock) await execute(raw, sql`SELECT 1 FROM messages m WHERE ${where} FOR UPDATE`);
  const row = await firstRow(raw, messageRow, sql`SELECT ${MESSAGE_COLUMNS} ${MESSAGE_FROM} WHERE ${where}`);
  return orNotFound(row, 'Message introuvable.');
}

/** The sub-branches and agents this user may target (a supervisor: those it watches). */
export async function messageTargets(raw: RawClient, ctx: HasAuth, companyId: number | null): Promise<MessageChoices> {
  if (companyId === null) return { surcussales: [], agents: [] };
  const sConds = [sql`s.company_id = ${companyId}`, ...surcussalesWatched(ctx, sql`s.id`)];
  const surcussales = await rows(
    raw,
    messageChoices.shape.surcussales.element,
    sql`SELECT s.id, s.name FROM surcussales s WHERE ${joinSql(sConds, ' AND ')} ORDER BY s.name LIMIT 1000`,
  );
  const aConds = [
    sql`a.company_id = ${companyId}`,
    sql`a.role = 'agent'`,
    sql`a.status <> 'archived'`,
    ...agentsWatched(ctx, sql`a`),
  ];
  const agents = await rows(
    raw,
    messageChoices.shape.agents.element,
    sql`SELECT a.id, ${personName('a')} AS name, a.username, a.surcussale_id
          FROM users a WHERE ${joinSql(aConds, ' AND ')} ORDER BY name, a.id LIMIT 5000`,
  );
  return { surcussales, agents };
}

/**
 * The messages an agent's point of sale shows at `now`: active, within their period, addressed to all
 * agents, to the agent's sub-branch, or to the agent by name. Newest first, 50 at most.
 * Nothing for an id that is not an agent of the company.
 */
export function messagesForAgent(raw: RawClient, companyId: number, agentId: number, now: Date = new Date()) {
  return rows(
    raw,
    agentMessage,
    sql`SELECT m.id, m.title, m.body AS text, m.image, ${isoTime(sql`m.starts_at`)} AS starts_at, ${isoTime(sql`m.ends_at`)} AS ends_at
          FROM messages m
          JOIN users ag ON ag.id = ${agentId} AND ag.company_id = ${companyId} AND ag.role = 'agent'
         WHERE m.company_id = ${companyId} AND m.status = 'active'
           AND m.starts_at <= ${now} AND (m.ends_at IS NULL OR m.ends_at >= ${now})
           AND (m.audience = 'all'
                OR (m.audience = 'surcussale' AND m.surcussale_id = ag.surcussale_id)
                OR (m.audience = 'agents' AND EXISTS (
                      SELECT 1 FROM message_agents ma
                       WHERE ma.company_id = ${companyId} AND ma.message_id = m.id AND ma.agent_id = ${agentId})))
         ORDER BY m.starts_at DESC, m.id DESC
         LIMIT 50`,
  );
}
