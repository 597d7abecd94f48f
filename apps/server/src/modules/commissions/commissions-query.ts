import {
  type CommissionLevel,
  type CommissionSetting,
  type commissionListQuery,
  commissionRow,
} from '@borlette/shared/contracts/commissions';
import type { SortKey } from '@borlette/shared/contracts/list';
import {
  COMMISSION_GAMES,
  type PartialCommissionRates,
  resolveCommissionRates,
} from '@borlette/shared/game/commission';
import type { Codename } from '@borlette/shared/permissions';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rows, type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth, requirePermission } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import type { ListSource } from '../_lib/list';
import { agentsWatched, surcussalesWatched } from '../_lib/scope';

/** What a request names: a level and its sub-branch or agent. */
export interface CommissionTarget {
  level: CommissionLevel;
  surcussale_id?: number;
  agent_id?: number;
}

/** The codename a level needs, like the primes' (the endpoints declare both with anyOf). */
export function requireLevelPermission(ctx: HasAuth, level: CommissionLevel, mode: 'view' | 'change') {
  const codename: Codename = level === 'company' ? `${mode}_tauxtirage` : (`${mode}_agenttauxtirage` as Codename);
  requirePermission(ctx, codename);
}

/** The one company the settings are read or written for (the superuser must have selected one). */
export function commissionCompany(ctx: HasAuth): number {
  const companyId = authOf(ctx).companyId;
  if (companyId === null)
    throw new AppError(409, 'COMPANY_REQUIRED', 'Sélectionnez une compagnie (et non « Toutes ») pour ses commissions.');
  return companyId;
}

const PERSON = sql`coalesce(nullif(trim(tg.first_name || ' ' || tg.last_name), ''), tg.username)`;

const resolvedTarget = z.object({
  target_id: z.number().nullable(),
  target_name: z.string().nullable(),
  surcussale_id: z.number().nullable(),
  fallback_bp: z.number(),
});

/**
 * The target of the company (and, for a supervisor, one it watches: 404 otherwise, like another
 * company's), its sub-branch (an agent's) and its single rate (the agent's own, else the company's).
 */
export async function resolveTarget(raw: RawClient, ctx: HasAuth, companyId: number, t: CommissionTarget) {
  const company = sql`(SELECT cs.commission_bp FROM company_settings cs WHERE cs.company_id = ${companyId})`;
  let found: z.output<typeof resolvedTarget> | undefined;
  if (t.level === 'company') {
    found = await firstRow(
      raw,
      resolvedTarget,
      sql`SELECT NULL::bigint AS target_id, NULL::text AS target_name, NULL::bigint AS surcussale_id,
                 coalesce(${company}, 1000) AS fallback_bp`,
    );
  } else if (t.level === 'surcussale') {
    const conds = [sql`tg.id = ${t.surcussale_id}`, sql`tg.company_id = ${companyId}`];
    conds.push(...surcussalesWatched(ctx, sql`tg.id`));
    found = await firstRow(
      raw,
      resolvedTarget,
      sql`SELECT tg.id AS target_id, tg.name AS target_name, tg.id AS surcussale_id,
                 coalesce(${company}, 1000) AS fallback_bp
            FROM surcussales tg WHERE ${joinSql(conds, ' AND ')}`,
    );
    if (!found) throw notFound('Succursale introuvable.');
  } else {
    const conds = [
      sql`tg.id = ${t.agent_id}`,
      sql`tg.company_id = ${companyId}`,
      sql`tg.role = 'agent'`,
      sql`tg.status <> 'archived'`,
      ...agentsWatched(ctx, sql`tg`),
    ];
    found = await firstRow(
      raw,
      resolvedTarget,
      sql`SELECT tg.id AS target_id, ${PERSON} AS target_name, tg.surcussale_id,
                 coalesce(tg.commission_bp, ${company}, 1000) AS fallback_bp
            FROM users tg WHERE ${joinSql(conds, ' AND ')}`,
    );
    if (!found) throw notFound('Vendeur introuvable.');
  }
  if (!found) throw notFound('Compagnie introuvable.');
  return found;
}

const levelRow = z.object({
  level: z.enum(['company', 'surcussale', 'agent']),
  bolet: z.number().nullable(),
  mariage: z.number().nullable(),
  loto3: z.number().nullable(),
  loto4: z.number().nullable(),
  loto5: z.number().nullable(),
  updated_at: z.string(),
});

/** One level's rates, and the rates in force for its target (its own level and those above it). */
export async function getSetting(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number,
  t: CommissionTarget,
): Promise<CommissionSetting> {
  const target = await resolveTarget(raw, ctx, companyId, t);
  const levels: Sql[] = [sql`(k.level = 'company' AND k.target_id = 0)`];
  if (target.surcussale_id !== null)
    levels.push(sql`(k.level = 'surcussale' AND k.target_id = ${target.surcussale_id})`);
  if (t.level === 'agent') levels.push(sql`(k.level = 'agent' AND k.target_id = ${target.target_id})`);
  const found = await rows(
    raw,
    levelRow,
    sql`SELECT k.level, k.bolet, k.mariage, k.loto3, k.loto4, k.loto5, ${isoTime(sql`k.updated_at`)} AS updated_at
          FROM commission_rates k WHERE k.company_id = ${companyId} AND (${joinSql(levels, ' OR ')})`,
  );
  const at = (level: CommissionLevel) => found.find((r) => r.level === level);
  // Most specific first: agent > surcussale > company.
  const chain: PartialCommissionRates[] = (['agent', 'surcussale', 'company'] as const)
    .map((l) => at(l))
    .filter((r) => r !== undefined);
  const own = at(t.level);
  return {
    level: t.level,
    target_id: target.target_id,
    target_name: target.target_name,
    rates: Object.fromEntries(COMMISSION_GAMES.map((g) => [g, own?.[g] ?? null])) as CommissionSetting['rates'],
    effective: resolveCommissionRates(chain, target.fallback_bp),
    fallback_bp: target.fallback_bp,
    updated_at: own?.updated_at ?? null,
  };
}

type ListLevel = z.output<typeof commissionListQuery>['level'];

/** GET /api/companies/commissions/list: the sub-branches or agents with rates of their own. */
export function commissionList(
  ctx: HasAuth,
  companyId: number,
  level: ListLevel,
): ListSource<typeof commissionRow, SortKey<typeof commissionListQuery>> {
  const agent = level === 'agent';
  const name = agent ? PERSON : sql`tg.name`;
  const where = [sql`k.company_id = ${companyId}`, sql`k.level = ${level}`];
  where.push(...(agent ? agentsWatched(ctx, sql`tg`) : surcussalesWatched(ctx, sql`tg.id`)));
  return {
    row: commissionRow,
    select: sql`k.id, k.level, k.target_id, ${name} AS target_name, k.bolet, k.mariage, k.loto3, k.loto4, k.loto5,
                ${isoTime(sql`k.updated_at`)} AS updated_at`,
    from: agent
      ? sql`FROM commission_rates k JOIN users tg ON tg.id = k.target_id AND tg.company_id = k.company_id`
      : sql`FROM commission_rates k JOIN surcussales tg ON tg.id = k.target_id AND tg.company_id = k.company_id`,
    where,
    sortable: { target_name: sql`lower(${name})`, updated_at: sql`k.updated_at` },
    search: [name],
    tieBreaker: sql`k.id`,
  };
}
