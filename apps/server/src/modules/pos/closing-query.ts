import { type AgentClosing, agentClosing } from '@borlette/shared/contracts/closing';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { supervisorCommissionParts } from '../_lib/supervisor-commission';
import { figureSums, NOT_EMPTY, sumFigures } from '../reports/reports-query';

const closingRow = agentClosing.omit({ totals: true }).extend({ future: z.boolean() });

/**
 * The agent's day closing (contracts/closing.ts): the reports' summaries (per draw and per day, with
 * the reports' own sums: figureSums), the supervisors' commission (their parts) and the ledger's day
 * sums, read in ONE statement, so one snapshot:
 * while sales go on, the draws, the day and the wallet of a closing always agree with one another.
 */
export async function agentClosingOf(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number,
  agentId: number,
  date?: string,
): Promise<AgentClosing> {
  const row = await firstRow(
    raw,
    closingRow,
    sql`WITH d AS (
       SELECT c.id, c.name, c.currency, c.timezone, (now() AT TIME ZONE c.timezone)::date AS today,
              coalesce(${date ?? null}::date, (now() AT TIME ZONE c.timezone)::date) AS day
         FROM companies c WHERE c.id = ${companyId}
     ), dr AS (
       SELECT s.tirage_id, t.name AS tirage_name, ${figureSums('s')}
         FROM d JOIN stats_agent_draw_day s ON s.company_id = d.id AND s.business_date = d.day AND s.agent_id = ${agentId}
         JOIN tirages t ON t.id = s.tirage_id
        GROUP BY s.tirage_id, t.name
       HAVING ${NOT_EMPTY('s')}
     ), dy AS (
       SELECT ${figureSums('s')}
         FROM d JOIN stats_agent_day s ON s.company_id = d.id AND s.business_date = d.day AND s.agent_id = ${agentId}
     ), sc AS (
       SELECT coalesce(sum(p.commission), 0)::bigint AS supervisor_commission
         FROM (${supervisorCommissionParts(ctx, [
           sql`s.company_id = ${companyId}`,
           sql`s.business_date = (SELECT d.day FROM d)`,
           sql`s.agent_id = ${agentId}`,
         ])}) p
     ), w AS (
       SELECT coalesce(sum(w.total) FILTER (WHERE w.business_date < d.day), 0)::bigint AS owed_start,
              coalesce(sum(w.deposits) FILTER (WHERE w.business_date = d.day), 0)::bigint AS deposits,
              coalesce(sum(w.withdrawals) FILTER (WHERE w.business_date = d.day), 0)::bigint AS withdrawals,
              coalesce(sum(w.adjustments) FILTER (WHERE w.business_date = d.day), 0)::bigint AS adjustments,
              coalesce(sum(w.zero) FILTER (WHERE w.business_date = d.day), 0)::bigint AS zero,
              coalesce(sum(w.collections) FILTER (WHERE w.business_date = d.day), 0)::bigint AS collections,
              coalesce(sum(w.total) FILTER (WHERE w.business_date = d.day), 0)::bigint AS movement,
              coalesce(sum(w.total), 0)::bigint AS owed_end
         FROM d JOIN wallet_agent_day w ON w.company_id = d.id AND w.agent_id = ${agentId} AND w.business_date <= d.day
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, d.day > d.today AS future, ${isoTime(sql`now()`)} AS produced_at,
            json_build_object('name', d.name, 'currency', d.currency, 'timezone', d.timezone) AS company,
            json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username),
                              'username', u.username, 'surcussale_name', x.name) AS agent,
            (SELECT coalesce(json_agg(dr ORDER BY lower(dr.tirage_name), dr.tirage_id), '[]') FROM dr) AS draws,
            (SELECT row_to_json(dy) FROM dy) AS day,
            (SELECT sc.supervisor_commission FROM sc) AS supervisor_commission,
            (SELECT row_to_json(w) FROM w) AS wallet
       FROM d JOIN users u ON u.id = ${agentId} AND u.company_id = d.id
       LEFT JOIN surcussales x ON x.id = u.surcussale_id`,
  );
  if (!row) throw notFound('Vendeur introuvable.');
  const { future, ...closing } = row;
  if (future)
    throw badRequest('La clôture d’un jour à venir n’existe pas encore : choisissez aujourd’hui ou un jour passé.', {
      date: 'La date ne peut pas être dans le futur',
    });
  return { ...closing, totals: sumFigures(closing.draws) };
}
