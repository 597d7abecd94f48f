import { ALERT_KINDS, type Alert, type AlertSettings, type alertStateInput } from '@borlette/shared/contracts/alerts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, companyForWrite } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { getAlert, readAlertSettings } from './alerts-query';

/**
 * The writes of alerts: a person's state change (audited) and the company's settings (audited). The
 * detectors' inserts are alerts-detect.ts (a job, no person).
 */

/**
 * new → seen → closed (with a note), or back to new. The row is read again under its lock, so of
 * parallel changes to the same state one applies and the others are told it is done already.
 */
export async function setAlertState(
  database: Database,
  ctx: RequestContext,
  id: number,
  v: z.output<typeof alertStateInput>,
): Promise<Alert> {
  const companyId = companyForWrite(ctx);
  return database.transaction(async (tx) => {
    await getAlert(tx, ctx, companyId, id); // 404 before any lock when the caller may not see it
    await execute(tx, sql`SELECT 1 FROM company_alerts WHERE company_id = ${companyId} AND id = ${id} FOR UPDATE`);
    const before = await getAlert(tx, ctx, companyId, id);
    if (before.state === v.state) {
      throw conflict(
        v.state === 'closed'
          ? 'Cette alerte est déjà close.'
          : v.state === 'seen'
            ? 'Cette alerte est déjà marquée vue.'
            : 'Cette alerte est déjà nouvelle.',
      );
    }
    // A note stays when the new state brings none (marking seen again after a reopening).
    await execute(
      tx,
      sql`UPDATE company_alerts SET state = ${v.state}, note = coalesce(${v.note}, note),
                 changed_by = ${authOf(ctx).userId}, changed_at = now()
           WHERE company_id = ${companyId} AND id = ${id}`,
    );
    const after = await getAlert(tx, ctx, companyId, id);
    await audit(tx, ctx, {
      action: 'alert_state',
      entity: 'company_alert',
      entityId: id,
      companyId,
      before: { state: before.state, note: before.note },
      after: { state: after.state, note: after.note, kind: after.kind },
    });
    return after;
  });
}

/** Saves every kind's settings of the caller's company (under the company's rows' locks). */
export async function saveAlertSettings(
  database: Database,
  ctx: RequestContext,
  v: AlertSettings,
): Promise<AlertSettings> {
  const companyId = companyForWrite(ctx);
  return database.transaction(async (tx) => {
    // One writer at a time per company: the company row's lock (alert settings are rarely written).
    await execute(tx, sql`SELECT 1 FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`);
    const before = await readAlertSettings(tx, companyId);
    for (const kind of ALERT_KINDS) {
      const { enabled, ...params } = v[kind];
      await execute(
        tx,
        sql`INSERT INTO alert_settings (company_id, kind, enabled, params, updated_by, updated_at)
            VALUES (${companyId}, ${kind}, ${enabled}, ${JSON.stringify(params)}::jsonb, ${authOf(ctx).userId}, now())
            ON CONFLICT (company_id, kind) DO UPDATE
              SET enabled = EXCLUDED.enabled, params = EXCLUDED.params, updated_by = EXCLUDED.updated_by,
                  updated_at = EXCLUDED.updated_at`,
      );
    }
    const after = await readAlertSettings(tx, companyId);
    await audit(tx, ctx, { action: 'update', entity: 'alert_settings', companyId, before, after });
    return after;
  });
}
