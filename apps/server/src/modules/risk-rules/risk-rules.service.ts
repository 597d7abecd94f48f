import { type RiskRulesInput, type RiskRulesView, riskRulesView } from '@borlette/shared/contracts/risk-rules';
import type { Database } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { RULE_COLUMNS } from './risk-rules-query';

/**
 * Replaces the company's rules (the whole form), with its audit entry, in one transaction. The company's
 * row is locked first (the rules' row may not exist yet: parallel first saves would each read nothing),
 * so parallel changes apply one after the other and each « before » is the state that change replaced.
 * The next sale reads the new rules (its first read).
 */
export async function updateRules(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  v: RiskRulesInput,
): Promise<RiskRulesView> {
  return database.transaction(async (tx) => {
    await execute(tx, sql`SELECT 1 FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`);
    const before = await firstRow(
      tx,
      riskRulesView,
      sql`SELECT ${RULE_COLUMNS} FROM risk_rules WHERE company_id = ${companyId} FOR UPDATE`,
    );
    const after = await oneRow(
      tx,
      riskRulesView,
      sql`INSERT INTO risk_rules AS r (company_id, share_on, share_bp, share_floor, share_games, late_on, late_minutes,
                                       late_factor_bp, late_amount, date_on, date_block, date_amount, digit_on,
                                       digit_block, digit_amount, digits, pair_balls, updated_by)
          VALUES (${companyId}, ${v.share_on}, ${v.share_bp}, ${v.share_floor}, ${v.share_games}::text[], ${v.late_on},
                  ${v.late_minutes}, ${v.late_factor_bp}, ${v.late_amount}, ${v.date_on}, ${v.date_block},
                  ${v.date_amount}, ${v.digit_on}, ${v.digit_block}, ${v.digit_amount}, ${v.digits},
                  ${v.pair_balls}::text[], ${authOf(ctx).userId})
          ON CONFLICT (company_id) DO UPDATE SET
            share_on = EXCLUDED.share_on, share_bp = EXCLUDED.share_bp, share_floor = EXCLUDED.share_floor,
            share_games = EXCLUDED.share_games, late_on = EXCLUDED.late_on, late_minutes = EXCLUDED.late_minutes,
            late_factor_bp = EXCLUDED.late_factor_bp, late_amount = EXCLUDED.late_amount, date_on = EXCLUDED.date_on,
            date_block = EXCLUDED.date_block, date_amount = EXCLUDED.date_amount, digit_on = EXCLUDED.digit_on,
            digit_block = EXCLUDED.digit_block, digit_amount = EXCLUDED.digit_amount, digits = EXCLUDED.digits,
            pair_balls = EXCLUDED.pair_balls, updated_by = EXCLUDED.updated_by, updated_at = now()
          RETURNING ${RULE_COLUMNS}`,
    );
    const { updated_at: _b, ...was } = before ?? { updated_at: null };
    const { updated_at: _a, ...now } = after;
    await audit(tx, ctx, {
      action: 'update',
      entity: 'risk_rules',
      entityId: companyId,
      companyId,
      before: before ? was : null,
      after: now,
    });
    return after;
  });
}
