import type { CommissionLevel } from '@borlette/shared/contracts/commissions';
import { COMMISSION_GAMES, type CommissionGame } from '@borlette/shared/game/commission';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, firstRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { type CommissionTarget, getSetting, resolveTarget } from './commissions-query';

const ratesRow = z.object({
  bolet: z.number().nullable(),
  mariage: z.number().nullable(),
  loto3: z.number().nullable(),
  loto4: z.number().nullable(),
  loto5: z.number().nullable(),
});

export type CommissionValues = Record<CommissionGame, number | null>;

/**
 * Sets one level's rates per game (one row per level and target; every game null: the row goes and the
 * level inherits again). Concurrent writers of the company's rates run one after the other (its row's
 * lock); the last one wins whole. Tickets already sold keep their snapshot (fiche_lines.commission_bp).
 */
export async function updateCommissions(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  t: CommissionTarget,
  v: CommissionValues,
) {
  const target = await resolveTarget(database.raw, ctx, companyId, t);
  const targetId = target.target_id ?? 0;
  const level: CommissionLevel = t.level;
  const empty = COMMISSION_GAMES.every((g) => v[g] === null);
  await database.transaction(async (tx) => {
    // Two writers of one target audit each other's values, never the same « before »: the company's row
    // first (a target's first rates have no row of their own to lock yet), then the target's.
    await execute(tx, sql`SELECT 1 FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`);
    const before = await firstRow(
      tx,
      ratesRow,
      sql`SELECT bolet, mariage, loto3, loto4, loto5 FROM commission_rates
           WHERE company_id = ${companyId} AND level = ${level} AND target_id = ${targetId} FOR UPDATE`,
    );
    if (empty) {
      await execute(
        tx,
        sql`DELETE FROM commission_rates WHERE company_id = ${companyId} AND level = ${level} AND target_id = ${targetId}`,
      );
    } else {
      await execute(
        tx,
        sql`INSERT INTO commission_rates (company_id, level, target_id, bolet, mariage, loto3, loto4, loto5, updated_by)
            VALUES (${companyId}, ${level}, ${targetId}, ${v.bolet}, ${v.mariage}, ${v.loto3}, ${v.loto4}, ${v.loto5},
                    ${authOf(ctx).userId})
            ON CONFLICT (company_id, level, target_id) DO UPDATE
              SET bolet = EXCLUDED.bolet, mariage = EXCLUDED.mariage, loto3 = EXCLUDED.loto3, loto4 = EXCLUDED.loto4,
                  loto5 = EXCLUDED.loto5, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      );
    }
    await audit(tx, ctx, {
      action: empty ? 'delete' : 'update',
      entity: `commission_${level}`,
      entityId: target.target_id ?? companyId,
      companyId,
      before: before ?? null,
      after: empty ? null : v,
    });
  });
  return getSetting(database.raw, ctx, companyId, t);
}
