import {
  type CompanySettingsInput,
  type CompanySettingsView,
  companySettingsView,
  EXPOSURE_ORDER_MESSAGE,
  PLATFORM_CEILINGS,
  SETTING_LABELS,
} from '@borlette/shared/contracts/company-settings';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, oneRow, rawSql, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, type HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { orNotFound } from '../_lib/scope';
import { endDevicelessAgentSessions } from '../terminals/terminals.service';

/** The settings this module reads and writes, in one list (the column names are the API's). */
const KEYS = Object.keys(SETTING_LABELS) as (keyof typeof SETTING_LABELS)[];

/**
 * The ticket ceilings as they apply: never above the platform's, whatever a row holds (a value written
 * past them by hand would otherwise reach JSON beyond exact integers and answer 500).
 */
const CEILING_OF: Partial<Record<(typeof KEYS)[number], number>> = {
  ticket_max_lines: PLATFORM_CEILINGS.ticketLines,
  ticket_max_draws: PLATFORM_CEILINGS.ticketDraws,
  line_max_stake: PLATFORM_CEILINGS.lineStake,
  ticket_max_payout: PLATFORM_CEILINGS.ticketPayout,
};

// Owned text: the setting names and the platform's ceilings, never a request's value.
const COLUMNS = sql`${rawSql(`company_id,
  ${KEYS.map((k) => (CEILING_OF[k] === undefined ? k : `least(${k}, ${CEILING_OF[k]}) AS ${k}`)).join(', ')}`)},
  ${isoTime(sql`updated_at`)} AS updated_at`;

const reclosedRow = z.object({ id: z.number(), name: z.string(), close_time: z.string() });

/** The one company a settings request acts on; the superuser with « Toutes » must pick one. */
export function settingsCompany(ctx: HasAuth): number {
  const companyId = authOf(ctx).companyId;
  if (companyId === null) {
    throw new AppError(
      409,
      'COMPANY_REQUIRED',
      'Sélectionnez une compagnie (et non « Toutes ») pour voir ou modifier ses paramètres.',
    );
  }
  return companyId;
}

export async function getSettings(raw: RawClient, companyId: number): Promise<CompanySettingsView> {
  const row = await firstRow(
    raw,
    companySettingsView,
    sql`SELECT ${COLUMNS} FROM company_settings WHERE company_id = ${companyId}`,
  );
  return orNotFound(row, 'Compagnie introuvable.');
}

/**
 * The company's draws tied to an official source whose close time follows the rule (official time
 * in the company's zone minus `from` minutes) move to the new rule (minus `to` minutes); a close
 * time set by hand to anything else is the admin's choice and stays. Past tickets keep their draw.
 */
async function rederiveCloseTimes(tx: RawClient, companyId: number, from: number, to: number) {
  return rows(
    tx,
    reclosedRow,
    sql`UPDATE tirages t
        SET close_time = x.local_draw - make_interval(mins => ${to}::int), updated_at = now()
       FROM companies c, draw_sources s,
            LATERAL (SELECT (((((now() AT TIME ZONE c.timezone)::date + s.draw_time) AT TIME ZONE s.timezone)
                              AT TIME ZONE c.timezone)::time) AS local_draw) x
      WHERE t.company_id = ${companyId} AND c.id = t.company_id AND s.id = t.source_id
        AND t.close_time = x.local_draw - make_interval(mins => ${from}::int)
        -- Only where the new close stays on the same day and after the opening.
        AND x.local_draw >= time '00:00' + make_interval(mins => ${to}::int + 1)
        AND x.local_draw - make_interval(mins => ${to}::int) > t.open_time
      RETURNING t.id, t.name, to_char(t.close_time, 'HH24:MI') AS close_time`,
  );
}

/**
 * Changes the given settings (the others keep their value) in one transaction with its audit entry.
 * The row is locked first, so parallel changes apply one after the other and each audit entry's
 * « before » is the state that change really replaced.
 */
export async function updateSettings(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  input: CompanySettingsInput,
): Promise<CompanySettingsView> {
  const keys = KEYS.filter((k) => input[k] !== undefined);
  return database.transaction(async (tx) => {
    const before = orNotFound(
      await firstRow(
        tx,
        companySettingsView,
        sql`SELECT ${COLUMNS} FROM company_settings WHERE company_id = ${companyId} FOR UPDATE`,
      ),
      'Compagnie introuvable.',
    );
    // The board's thresholds are ordered on the result: one changed alone is checked against the other.
    const warn = input.exposure_warn_pct ?? before.exposure_warn_pct;
    const hot = input.exposure_hot_pct ?? before.exposure_hot_pct;
    if (warn >= hot) {
      const field = input.exposure_warn_pct !== undefined ? 'exposure_warn_pct' : 'exposure_hot_pct';
      throw badRequest(EXPOSURE_ORDER_MESSAGE, { [field]: EXPOSURE_ORDER_MESSAGE });
    }
    const sets = joinSql(
      keys.map((k) => sql`${rawSql(k)} = ${input[k]}`),
      ', ',
    );
    const after = await oneRow(
      tx,
      companySettingsView,
      sql`UPDATE company_settings SET ${sets}, updated_at = now() WHERE company_id = ${companyId} RETURNING ${COLUMNS}`,
    );
    const from = before.sales_close_minutes;
    const to = after.sales_close_minutes;
    const reclosed = from === to ? [] : await rederiveCloseTimes(tx, companyId, from, to);
    // Approval turned on: agents' sessions without a device would sell unapproved (issue 20).
    if (after.terminal_approval && !before.terminal_approval) await endDevicelessAgentSessions(tx, companyId);
    const { updated_at: _b, company_id: _c, ...was } = before;
    const { updated_at: _a, company_id: _d, ...now } = after;
    await audit(tx, ctx, {
      action: 'update',
      entity: 'company_settings',
      entityId: companyId,
      companyId,
      before: was,
      after: reclosed.length ? { ...now, tirages_close_time: reclosed } : now,
    });
    // What this change wrote (a later parallel change answers its own).
    return after;
  });
}
