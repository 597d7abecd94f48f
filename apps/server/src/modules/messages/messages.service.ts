import {
  type AgentMessage,
  DATE_TIME_PATTERN,
  type Message,
  type MessageChoices,
  messageInput,
  messageUpdate,
} from '@borlette/shared/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { storeImage } from '../_lib/images';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { agentVisibility, orNotFound, seesEveryAgent, surcussaleVisibility } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { validate } from '../_lib/validate';

/** storeImage, its refusal worded like its field message (the form then shows it once, on the field). */
async function storeImageOnField(raw: RawClient, opts: { companyId: number | null; data: Buffer; field: string }) {
  try {
    return await storeImage(raw, opts);
  } catch (err) {
    if (err instanceof AppError && err.fields?.[opts.field]) throw badRequest(err.fields[opts.field], err.fields);
    throw err;
  }
}

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const local = (col: string) => `to_char(${col} AT TIME ZONE c.timezone, 'YYYY-MM-DD"T"HH24:MI')`;
const personName = (u: string) => `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;

/** Where a message stands against the clock (status aside). */
export const PERIOD_SQL = `CASE WHEN m.starts_at > now() THEN 'upcoming'
            WHEN m.ends_at IS NOT NULL AND m.ends_at < now() THEN 'ended' ELSE 'current' END`;

export const MESSAGE_COLUMNS = `
  m.id, m.company_id, m.title, m.body AS text, m.image, m.audience, m.surcussale_id, s.name AS surcussale_name,
  coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', ${personName('u')}) ORDER BY u.id)
              FROM message_agents ma JOIN users u ON u.id = ma.agent_id
             WHERE ma.company_id = m.company_id AND ma.message_id = m.id), '[]'::json) AS agents,
  ${iso('m.starts_at')} AS starts_at, ${iso('m.ends_at')} AS ends_at,
  ${local('m.starts_at')} AS starts_at_local, ${local('m.ends_at')} AS ends_at_local,
  c.timezone, m.status, ${PERIOD_SQL} AS period,
  CASE WHEN cb.id IS NULL THEN NULL ELSE ${personName('cb')} END AS created_by_name,
  ${iso('m.created_at')} AS created_at, ${iso('m.updated_at')} AS updated_at`;
export const MESSAGE_FROM = `FROM messages m
  JOIN companies c ON c.id = m.company_id
  LEFT JOIN surcussales s ON s.id = m.surcussale_id
  LEFT JOIN users cb ON cb.id = m.created_by`;

type Row = Message & { company_id: number };
const strip = ({ company_id, ...r }: Row): Message => r;

/** Said to a supervisor whose message would reach agents it does not watch. */
export const OUT_OF_SCOPE = 'Un superviseur ne peut écrire qu’aux succursales ou aux vendeurs qu’il surveille.';

/**
 * The messages a supervisor sees, edits and deletes: those whose whole audience it watches (one of its
 * sub-branches, or agents all of whom it watches; « all » reaches agents it does not). Built on the
 * scope of modules/_lib/scope.ts; no condition for the other roles.
 */
export function messageVisibility(request: FastifyRequest, params: SqlParams, m = 'm'): string[] {
  if (seesEveryAgent(request)) return [];
  const [watchedBranch] = surcussaleVisibility(request, params, `${m}.surcussale_id`);
  const [watchedAgent] = agentVisibility(request, params, 'ta');
  const targets = `FROM message_agents ma JOIN users ta ON ta.id = ma.agent_id
                   WHERE ma.company_id = ${m}.company_id AND ma.message_id = ${m}.id`;
  return [
    `((${m}.audience = 'surcussale' AND coalesce(${watchedBranch}, false))
      OR (${m}.audience = 'agents' AND EXISTS (SELECT 1 ${targets})
          AND NOT EXISTS (SELECT 1 ${targets} AND NOT coalesce(${watchedAgent}, false))))`,
  ];
}

/** One message of the company (any company: null), as this user may see it (a supervisor: in its scope). */
export async function getMessage(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number | null,
  id: number,
  lock = false,
): Promise<Row> {
  const params = new SqlParams();
  const conds = [`m.id = ${params.p(id)}`, ...messageVisibility(request, params)];
  if (companyId !== null) conds.push(`m.company_id = ${params.p(companyId)}`);
  // Locked (in a write's transaction), the audience checked is the one the write replaces.
  if (lock) {
    await raw.query(`SELECT 1 FROM messages m WHERE ${conds.join(' AND ')} FOR UPDATE`, params.values);
  }
  const [row] = await raw.query<Row>(
    `SELECT ${MESSAGE_COLUMNS} ${MESSAGE_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return orNotFound(row, 'Message introuvable.');
}

/** The sub-branches and agents this user may target (a supervisor: those it watches). */
export async function messageChoices(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number | null,
): Promise<MessageChoices> {
  if (companyId === null) return { surcussales: [], agents: [] };
  const sp = new SqlParams();
  const sConds = [`s.company_id = ${sp.p(companyId)}`, ...surcussaleVisibility(request, sp, 's.id')];
  const surcussales = await raw.query<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM surcussales s WHERE ${sConds.join(' AND ')} ORDER BY s.name LIMIT 1000`,
    sp.values,
  );
  const ap = new SqlParams();
  const aConds = [
    `a.company_id = ${ap.p(companyId)}`,
    "a.role = 'agent'",
    "a.status <> 'archived'",
    ...agentVisibility(request, ap, 'a'),
  ];
  const agents = await raw.query<MessageChoices['agents'][number]>(
    `SELECT a.id, ${personName('a')} AS name, a.username, a.surcussale_id
       FROM users a WHERE ${aConds.join(' AND ')} ORDER BY name, a.id LIMIT 5000`,
    ap.values,
  );
  return { surcussales, agents };
}

export type MessageValues = z.output<typeof messageInput>;

/** Form -> values: multipart text fields normalised, only the `image` file accepted. */
async function readMessageForm<T extends typeof messageInput | typeof messageUpdate>(
  request: FastifyRequest,
  schema: T,
) {
  const { fields, files } = await parseForm(request);
  for (const name of Object.keys(files)) {
    if (name !== 'image') throw badRequest(`Fichier inattendu (« ${name} »).`, { [name]: 'Fichier inattendu.' });
  }
  const values = validate(schema, request.isMultipart() ? normaliseFormFields(fields) : fields);
  return { values: values as z.output<T>, image: files.image ?? null };
}

export const readCreateForm = (request: FastifyRequest) => readMessageForm(request, messageInput);
export const readUpdateForm = (request: FastifyRequest) => readMessageForm(request, messageUpdate);

/** An instant with offset is taken as is; a wall-clock time is read in the company's time zone. */
function instantSql(params: SqlParams, value: string, tz: () => string): string {
  const withOffset = DATE_TIME_PATTERN.exec(value)?.[7] !== undefined;
  return withOffset
    ? `${params.p(value)}::timestamptz`
    : `(${params.p(value.replace(' ', 'T'))}::timestamp AT TIME ZONE ${tz()})`;
}

/** Resolves the period to UTC instants and checks that the targets belong to the company (and to the supervisor). */
async function resolve(raw: RawClient, request: FastifyRequest, companyId: number, v: MessageValues) {
  const params = new SqlParams();
  // The company's zone, as a parameter only when a wall-clock time needs it (an unused one has no type).
  let zone: string | undefined;
  const tz = () => {
    zone ??= `(SELECT timezone FROM companies WHERE id = ${params.p(companyId)}::bigint)`;
    return zone;
  };
  const starts = instantSql(params, v.starts_at, tz);
  const ends = v.ends_at ? instantSql(params, v.ends_at, tz) : 'NULL::timestamptz';
  const [period] = await raw.query<{ starts_at: Date; ends_at: Date | null; ok: boolean }>(
    `SELECT ${starts} AS starts_at, ${ends} AS ends_at, (${ends} IS NULL OR ${ends} >= ${starts}) AS ok`,
    params.values,
  );
  if (!period.ok) throw badRequest('La fin doit être après le début.', { ends_at: 'La fin doit être après le début' });

  if (v.audience === 'all' && !seesEveryAgent(request)) throw badRequest(OUT_OF_SCOPE, { audience: OUT_OF_SCOPE });
  const surcussaleId = v.audience === 'surcussale' ? (v.surcussale_id ?? null) : null;
  const agents = v.audience === 'agents' ? [...new Set(v.agents)] : [];
  if (surcussaleId !== null) {
    const sp = new SqlParams();
    const conds = [
      `s.id = ${sp.p(surcussaleId)}`,
      `s.company_id = ${sp.p(companyId)}`,
      ...surcussaleVisibility(request, sp, 's.id'),
    ];
    const found = await raw.query(`SELECT 1 FROM surcussales s WHERE ${conds.join(' AND ')}`, sp.values);
    if (!found.length)
      throw badRequest('Succursale inconnue pour cette compagnie.', {
        surcussale_id: 'Succursale inconnue pour cette compagnie.',
      });
  }
  if (agents.length) {
    const ap = new SqlParams();
    const conds = [
      `a.company_id = ${ap.p(companyId)}`,
      "a.role = 'agent'",
      "a.status <> 'archived'",
      `a.id = ANY(${ap.p(agents)}::bigint[])`,
      ...agentVisibility(request, ap, 'a'),
    ];
    const rows = await raw.query(`SELECT a.id FROM users a WHERE ${conds.join(' AND ')}`, ap.values);
    if (rows.length !== agents.length)
      throw badRequest('Vendeur inconnu pour cette compagnie.', { agents: 'Vendeur inconnu pour cette compagnie.' });
  }
  return { startsAt: period.starts_at, endsAt: period.ends_at, surcussaleId, agents };
}

async function setAgents(raw: RawClient, companyId: number, messageId: number, agents: number[]) {
  await raw.query('DELETE FROM message_agents WHERE company_id = $1 AND message_id = $2', [companyId, messageId]);
  if (agents.length) {
    await raw.query(
      `INSERT INTO message_agents (company_id, message_id, agent_id)
       SELECT $1, $2, unnest($3::bigint[]) ON CONFLICT DO NOTHING`,
      [companyId, messageId, agents],
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
  request: FastifyRequest,
  companyId: number,
  v: MessageValues,
  imageData: Buffer | null,
) {
  const r = await resolve(database.raw, request, companyId, v);
  const id = await database.transaction(async (tx) => {
    const image = imageData ? await storeImageOnField(tx, { companyId, data: imageData, field: 'image' }) : null;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO messages (company_id, title, body, image, audience, surcussale_id, starts_at, ends_at, status, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        companyId,
        v.title,
        v.text,
        image,
        v.audience,
        r.surcussaleId,
        r.startsAt,
        r.endsAt,
        v.status,
        authOf(request).userId,
      ],
    );
    await setAgents(tx, companyId, row.id, r.agents);
    await audit(tx, request, {
      action: 'create',
      entity: 'message',
      entityId: row.id,
      companyId,
      after: auditView(v, r, image),
    });
    return row.id;
  });
  return strip(await getMessage(database.raw, request, companyId, id));
}

export async function updateMessage(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  v: MessageValues,
  imageData: Buffer | null,
) {
  await getMessage(database.raw, request, companyId, id);
  const r = await resolve(database.raw, request, companyId, v);
  await database.transaction(async (tx) => {
    // Checked again under the row lock: a parallel write may have moved it out of this user's scope.
    const before = strip(await getMessage(tx, request, companyId, id, true));
    const image = imageData
      ? await storeImageOnField(tx, { companyId, data: imageData, field: 'image' })
      : v.remove_image
        ? null
        : before.image;
    await tx.query(
      `UPDATE messages SET title = $3, body = $4, image = $5, audience = $6, surcussale_id = $7, starts_at = $8,
              ends_at = $9, status = $10, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, id, v.title, v.text, image, v.audience, r.surcussaleId, r.startsAt, r.endsAt, v.status],
    );
    await setAgents(tx, companyId, id, r.agents);
    await audit(tx, request, {
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
  return strip(await getMessage(database.raw, request, companyId, id));
}

export async function deleteMessage(database: Database, request: FastifyRequest, companyId: number, id: number) {
  await database.transaction(async (tx) => {
    const before = strip(await getMessage(tx, request, companyId, id, true));
    await tx.query('DELETE FROM message_agents WHERE company_id = $1 AND message_id = $2', [companyId, id]);
    await tx.query('DELETE FROM messages WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, { action: 'delete', entity: 'message', entityId: id, companyId, before });
  });
}

/**
 * The messages an agent's point of sale shows at `now`: active, within their period, addressed to all
 * agents, to the agent's sub-branch, or to the agent by name. Newest first, 50 at most.
 * Nothing for an id that is not an agent of the company.
 */
export async function messagesForAgent(
  raw: RawClient,
  companyId: number,
  agentId: number,
  now: Date = new Date(),
): Promise<AgentMessage[]> {
  return raw.query<AgentMessage>(
    `SELECT m.id, m.title, m.body AS text, m.image, ${iso('m.starts_at')} AS starts_at, ${iso('m.ends_at')} AS ends_at
       FROM messages m
       JOIN users ag ON ag.id = $2 AND ag.company_id = $1 AND ag.role = 'agent'
      WHERE m.company_id = $1 AND m.status = 'active'
        AND m.starts_at <= $3 AND (m.ends_at IS NULL OR m.ends_at >= $3)
        AND (m.audience = 'all'
             OR (m.audience = 'surcussale' AND m.surcussale_id = ag.surcussale_id)
             OR (m.audience = 'agents' AND EXISTS (
                   SELECT 1 FROM message_agents ma
                    WHERE ma.company_id = $1 AND ma.message_id = m.id AND ma.agent_id = $2)))
      ORDER BY m.starts_at DESC, m.id DESC
      LIMIT 50`,
    [companyId, agentId, now],
  );
}
