import { DATE_TIME_PATTERN, type messageInput } from '@borlette/shared/contracts/messages';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, joinSql, oneRow, rawSql, rows, type Sql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, type HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { storeImage } from '../_lib/images';
import { agentsWatched, seesEveryAgent, surcussalesWatched } from '../_lib/scope';
import { getMessage, OUT_OF_SCOPE, withoutCompany } from './messages-query';

/** The point of sale reads its messages from here (modules/pos). */
export { messagesForAgent } from './messages-query';

/** storeImage, its refusal worded like its field message (the form then shows it once, on the field). */
async function storeImageOnField(raw: RawClient, opts: { companyId: number | null; data: Buffer; field: string }) {
  try {
    return await storeImage(raw, opts);
  } catch (err) {
    if (err instanceof AppError && err.fields?.[opts.field]) throw badRequest(err.fields[opts.field], err.fields);
    throw err;
  }
}

export type MessageValues = z.output<typeof messageInput>;

const idRow = z.object({ id: z.number() });
const periodRow = z.object({ starts_at: z.date(), ends_at: z.date().nullable(), ok: z.boolean() });

/** An instant with offset is taken as is; a wall-clock time is read in the company's time zone. */
function instantSql(value: string, zone: Sql): Sql {
  const withOffset = DATE_TIME_PATTERN.exec(value)?.[7] !== undefined;
  return withOffset ? sql`${value}::timestamptz` : sql`(${value.replace(' ', 'T')}::timestamp AT TIME ZONE ${zone})`;
}

/** Resolves the period to UTC instants and checks that the targets belong to the company (and to the supervisor). */
async function resolve(raw: RawClient, ctx: HasAuth, companyId: number, v: MessageValues) {
  // The company's zone, only where a wall-clock time needs it.
  const zone = sql`(SELECT timezone FROM companies WHERE id = ${companyId}::bigint)`;
  const starts = instantSql(v.starts_at, zone);
  const ends = v.ends_at ? instantSql(v.ends_at, zone) : rawSql('NULL::timestamptz');
  const period = await oneRow(
    raw,
    periodRow,
    sql`SELECT ${starts} AS starts_at, ${ends} AS ends_at, (${ends} IS NULL OR ${ends} >= ${starts}) AS ok`,
  );
  if (!period.ok) throw badRequest('La fin doit être après le début.', { ends_at: 'La fin doit être après le début' });

  if (v.audience === 'all' && !seesEveryAgent(ctx)) throw badRequest(OUT_OF_SCOPE, { audience: OUT_OF_SCOPE });
  const surcussaleId = v.audience === 'surcussale' ? (v.surcussale_id ?? null) : null;
  const agents = v.audience === 'agents' ? [...new Set(v.agents)] : [];
  if (surcussaleId !== null) {
    const conds = [
      sql`s.id = ${surcussaleId}`,
      sql`s.company_id = ${companyId}`,
      ...surcussalesWatched(ctx, sql`s.id`),
    ];
    const found = await rows(raw, idRow, sql`SELECT s.id FROM surcussales s WHERE ${joinSql(conds, ' AND ')}`);
    if (!found.length)
      throw badRequest('Succursale inconnue pour cette compagnie.', {
        surcussale_id: 'Succursale inconnue pour cette compagnie.',
      });
  }
  if (agents.length) {
    const conds = [
      sql`a.company_id = ${companyId}`,
      sql`a.role = 'agent'`,
      sql`a.status <> 'archived'`,
      sql`a.id = ANY(${agents}::bigint[])`,
      ...agentsWatched(ctx, sql`a`),
    ];
    const found = await rows(raw, idRow, sql`SELECT a.id FROM users a WHERE ${joinSql(conds, ' AND ')}`);
    if (found.length !== agents.length)
      throw badRequest('Vendeur inconnu pour cette compagnie.', { agents: 'Vendeur inconnu pour cette compagnie.' });
  }
  return { startsAt: period.starts_at, endsAt: period.ends_at, surcussaleId, agents };
}

async function setAgents(raw: RawClient, companyId: number, messageId: number, agents: number[]) {
  await execute(raw, sql`DELETE FROM message_agents WHERE company_id = ${companyId} AND message_id = ${messageId}`);
  if (agents.length) {
    await execute(
      raw,
      sql`INSERT INTO message_agents (company_id, message_id, agent_id)
          SELECT ${companyId}, ${messageId}, unnest(${agents}::bigint[]) ON CONFLICT DO NOTHING`,
    );
  }
}

/** What the audit trail keeps of a message: its fields as written, the period in UTC. */
function auditView(v: MessageValues, r: Awaited<ReturnType<typeof resolve>>, image: string | null) {
  return {
    title: v.title,
    text: v.text,
    audience: v.audience,
    surcussale_id: r.surcussaleId,
    agents: r.agents,
    starts_at: r.startsAt,
    ends_at: r.endsAt,
    status: v.status,
    image,
  };
}

export async function createMessage(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  v: MessageValues,
  imageData: Buffer | null,
) {
  const r = await resolve(database.raw, ctx, companyId, v);
  const id = await database.transaction(async (tx) => {
    const image = imageData ? await storeImageOnField(tx, { companyId, data: imageData, field: 'image' }) : null;
    const row = await oneRow(
      tx,
      idRow,
      sql`INSERT INTO messages (company_id, title, body, image, audience, surcussale_id, starts_at, ends_at, status, created_by)
          VALUES (${companyId}, ${v.title}, ${v.text}, ${image}, ${v.audience}, ${r.surcussaleId}, ${r.startsAt},
                  ${r.endsAt}, ${v.status}, ${authOf(ctx).userId}) RETURNING id`,
    );
    await setAgents(tx, companyId, row.id, r.agents);
    await audit(tx, ctx, {
      action: 'create',
      entity: 'message',
      entityId: row.id,
      companyId,
      after: auditView(v, r, image),
    });
    return row.id;
  });
  return withoutCompany(await getMessage(database.raw, ctx, companyId, id));
}

export async function updateMessage(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: MessageValues,
  imageData: Buffer | null,
) {
  await getMessage(database.raw, ctx, companyId, id);
  const r = await resolve(database.raw, ctx, companyId, v);
  await database.transaction(async (tx) => {
    // Checked again under the row lock: a parallel write may have moved it out of this user's scope.
    const before = withoutCompany(await getMessage(tx, ctx, companyId, id, true));
    const image = imageData
      ? await storeImageOnField(tx, { companyId, data: imageData, field: 'image' })
      : v.remove_image
        ? null
        : before.image;
    await execute(
      tx,
      sql`UPDATE messages SET title = ${v.title}, body = ${v.text}, image = ${image}, audience = ${v.audience},
                 surcussale_id = ${r.surcussaleId}, starts_at = ${r.startsAt}, ends_at = ${r.endsAt},
                 status = ${v.status}, updated_at = now()
           WHERE company_id = ${companyId} AND id = ${id}`,
    );
    await setAgents(tx, companyId, id, r.agents);
    await audit(tx, ctx, {
      action: 'update',
      entity: 'message',
      entityId: id,
      companyId,
      before: {
        title: before.title,
        text: before.text,
        audience: before.audience,
        surcussale_id: before.surcussale_id,
        agents: before.agents.map((a) => a.id),
        starts_at: before.starts_at,
        ends_at: before.ends_at,
        status: before.status,
        image: before.image,
      },
      after: auditView(v, r, image),
    });
  });
  return withoutCompany(await getMessage(database.raw, ctx, companyId, id));
}

export async function deleteMessage(database: Database, ctx: RequestContext, companyId: number, id: number) {
  await database.transaction(async (tx) => {
    const before = withoutCompany(await getMessage(tx, ctx, companyId, id, true));
    await execute(tx, sql`DELETE FROM message_agents WHERE company_id = ${companyId} AND message_id = ${id}`);
    await execute(tx, sql`DELETE FROM messages WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, { action: 'delete', entity: 'message', entityId: id, companyId, before });
  });
}
