import type { SortKey } from '@borlette/shared/contracts/list';
import {
  TERMINAL_ONLINE_SECONDS,
  type Terminal,
  terminal,
  type terminalListQuery,
} from '@borlette/shared/contracts/terminals';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rawSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { agentsWatched, companyWhere, orNotFound } from '../_lib/scope';

/** A terminal as the API answers it, plus its company (stripped before answering). */
export const terminalRow = terminal.extend({ company_id: z.number() });
type TerminalRow = z.output<typeof terminalRow>;

const AGENT_NAME = sql`coalesce(nullif(trim(ag.first_name || ' ' || ag.last_name), ''), ag.username)`;

// Owned text: a constant of the contract.
const ONLINE = rawSql(`interval '${TERMINAL_ONLINE_SECONDS} seconds'`);

// The device id is a bearer secret (with the agent's password, it signs in as that approved phone):
// answered as its first characters only, enough to tell two devices apart.
const COLUMNS = sql`
  t.id, t.company_id, t.agent_id, ${AGENT_NAME} AS agent_name, ag.username AS agent_username,
  s.name AS surcussale_name, t.name, left(t.device_id, 6) || '…' AS device_id, t.user_agent, t.pos_version, t.state,
  ${isoTime(sql`t.first_seen_at`)} AS first_seen_at, ${isoTime(sql`t.last_seen_at`)} AS last_seen_at, t.last_ip,
  t.last_seen_at > now() - ${ONLINE} AS online,
  CASE WHEN t.approved_at IS NULL THEN NULL ELSE ${isoTime(sql`t.approved_at`)} END AS approved_at,
  CASE WHEN t.revoked_at IS NULL THEN NULL ELSE ${isoTime(sql`t.revoked_at`)} END AS revoked_at`;
const FROM = sql`FROM terminals t
  JOIN users ag ON ag.id = t.agent_id
  LEFT JOIN surcussales s ON s.id = ag.surcussale_id`;

type Filters = z.output<typeof terminalListQuery>;

/** GET /api/companies/terminals: the caller's company (a supervisor: its agents' terminals), the filters. */
export function terminalList(
  ctx: HasAuth,
  q: Filters,
): ListSource<typeof terminalRow, SortKey<typeof terminalListQuery>> {
  const where = [...companyWhere(ctx, sql`t.company_id`), ...agentsWatched(ctx, sql`ag`)];
  if (q.state) where.push(sql`t.state = ${q.state}`);
  if (q.agent_id) where.push(sql`t.agent_id = ${q.agent_id}`);
  return {
    row: terminalRow,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: {
      last_seen_at: sql`t.last_seen_at`,
      agent: sql`lower(${AGENT_NAME})`,
      name: sql`lower(t.name)`,
      first_seen_at: sql`t.first_seen_at`,
      state: sql`t.state`,
    },
    search: [sql`t.name`, sql`ag.username`, sql`ag.first_name`, sql`ag.last_name`, sql`t.last_ip`, sql`t.pos_version`],
    tieBreaker: sql`t.id`,
  };
}

export const withoutCompany = ({ company_id, ...r }: TerminalRow): Terminal => r;

/** The conditions that find terminal `id` of `companyId` among those the caller may see. */
export function terminalWhere(ctx: HasAuth, companyId: number, id: number): Sql {
  return joinSql([sql`t.company_id = ${companyId}`, sql`t.id = ${id}`, ...agentsWatched(ctx, sql`ag`)], ' AND ');
}

/** One terminal the caller sees, 404 otherwise (another company's, or a supervisor's other agents'). */
export async function getTerminal(raw: RawClient, ctx: HasAuth, companyId: number, id: number): Promise<Terminal> {
  const row = await firstRow(
    raw,
    terminalRow,
    sql`SELECT ${COLUMNS} ${FROM} WHERE ${terminalWhere(ctx, companyId, id)}`,
  );
  return withoutCompany(orNotFound(row, 'Terminal introuvable.'));
}
