import type { infoTirageInput, infoTirageUpdate, Settlement } from '@borlette/shared/contracts/info-tirage';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { firstRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { currentSettlement, getInfoRow, getInfoTirage } from './info-tirage-query';
import { correctResult, insertResult, lockDraw, settle, withdrawResult } from './results';

/**
 * A company's results: entered, corrected or withdrawn by hand. Every write is one transaction:
 * the result, its version, the settlement of the draw's tickets and the audit entry. A settlement
 * refused (PAID_TICKETS) rolls everything back and answers 409 (http/errors.ts databaseRefusal).
 */

const gone = () => new AppError(409, 'CONFLICT', 'Ce résultat vient d’être modifié ou retiré. Rechargez la page.');

const drawCheck = z.object({
  name: z.string(),
  today: z.string(),
  drawn: z.boolean(),
  draw_day: z.string(),
  draw_time: z.string(),
});

/** The draw must be the company's; its date not in the future; its official instant passed. */
async function checkDraw(database: Database, companyId: number, tirageId: number, date: string) {
  const d = await firstRow(
    database.raw,
    drawCheck,
    sql`SELECT t.name, to_char((now() AT TIME ZONE c.timezone)::date, 'YYYY-MM-DD') AS today,
            x.at <= now() AS drawn,
            to_char(x.at AT TIME ZONE c.timezone, 'DD/MM/YYYY') AS draw_day,
            to_char(x.at AT TIME ZONE c.timezone, 'HH24:MI') AS draw_time
       FROM tirages t
       JOIN companies c ON c.id = t.company_id
      CROSS JOIN LATERAL (SELECT borlette_draw_at(t.id, ${date}::date) AS at) x
      WHERE t.id = ${tirageId} AND t.company_id = ${companyId}`,
  );
  if (!d) throw notFound('Tirage introuvable.');
  if (date > d.today) {
    const message = 'La date du tirage ne peut pas être dans le futur.';
    throw badRequest(message, { draw_date: message });
  }
  if (!d.drawn) {
    const message = `Trop tôt : le tirage « ${d.name} » du ${d.draw_day} a lieu à ${d.draw_time} (heure de la compagnie). Saisissez son résultat après.`;
    throw new AppError(409, 'TOO_EARLY', message, { draw_date: message });
  }
  return d;
}

export type InfoTirageValues = z.output<typeof infoTirageInput>;

export async function enterInfoTirage(database: Database, ctx: RequestContext, companyId: number, v: InfoTirageValues) {
  await checkDraw(database, companyId, v.tirage_id, v.draw_date);
  const actorId = authOf(ctx).userId;
  const key = { companyId, tirageId: v.tirage_id, date: v.draw_date };
  const { id, settlement } = await database.transaction(async (tx) => {
    await lockDraw(tx, v.tirage_id);
    const row = await insertResult(tx, { ...key, pick3: v.pick3, pick4: v.pick4, origin: 'manual', actorId });
    if (!row) {
      const message = 'Ce tirage a déjà un résultat à cette date : utilisez la correction.';
      throw new AppError(409, 'RESULT_EXISTS', message, { draw_date: message });
    }
    const settlement = await settle(tx, key, actorId, false);
    await audit(tx, ctx, {
      action: 'create',
      entity: 'info_tirage',
      entityId: row.id,
      companyId,
      after: { ...v, version: row.version, settlement },
    });
    return { id: row.id, settlement };
  });
  return { result: await getInfoTirage(database.raw, companyId, id), settlement };
}

export type InfoTirageCorrection = Omit<z.output<typeof infoTirageUpdate>, 'id'>;

/** A correction: a new version, the draw re-settled; the same numbers again change nothing. */
export async function correctInfoTirage(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: InfoTirageCorrection,
): Promise<{ result: Awaited<ReturnType<typeof getInfoTirage>>; settlement: Settlement }> {
  const before = await getInfoRow(database.raw, companyId, id);
  const key = { companyId, tirageId: before.tirage_id, date: before.draw_date };
  if (before.pick3 === v.pick3 && before.pick4 === v.pick4) {
    return {
      result: await getInfoTirage(database.raw, companyId, id),
      settlement: await currentSettlement(database.raw, companyId, before.tirage_id, before.draw_date),
    };
  }
  const actorId = authOf(ctx).userId;
  const settlement = await database.transaction(async (tx) => {
    await lockDraw(tx, before.tirage_id);
    const row = await correctResult(tx, id, {
      ...key,
      pick3: v.pick3,
      pick4: v.pick4,
      origin: 'manual',
      actorId,
      reason: v.reason ?? null,
    });
    if (!row) throw gone();
    const s = await settle(tx, key, actorId, v.confirm);
    await audit(tx, ctx, {
      action: 'correct',
      entity: 'info_tirage',
      entityId: id,
      companyId,
      before: { pick3: before.pick3, pick4: before.pick4, version: before.version },
      after: {
        pick3: v.pick3,
        pick4: v.pick4,
        version: row.version,
        reason: v.reason,
        confirm: v.confirm,
        settlement: s,
      },
    });
    return s;
  });
  return { result: await getInfoTirage(database.raw, companyId, id), settlement };
}

/** Withdraws the result: every ticket of that draw and date is back to « en attente » (wins 0). */
export async function withdrawInfoTirage(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  confirm: boolean,
) {
  const before = await getInfoRow(database.raw, companyId, id);
  const key = { companyId, tirageId: before.tirage_id, date: before.draw_date };
  const actorId = authOf(ctx).userId;
  const settlement = await database.transaction(async (tx) => {
    await lockDraw(tx, before.tirage_id);
    const row = await withdrawResult(tx, id, { ...key, actorId, reason: 'Résultat retiré' });
    if (!row) throw gone();
    const s = await settle(tx, key, actorId, confirm);
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'info_tirage',
      entityId: id,
      companyId,
      before: { tirage_id: before.tirage_id, draw_date: before.draw_date, pick3: before.pick3, pick4: before.pick4 },
      after: { version: row.version, confirm, settlement: s },
    });
    return s;
  });
  return { result: null, settlement };
}
