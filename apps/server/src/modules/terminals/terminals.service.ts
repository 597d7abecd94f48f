import {
  type deviceInfo,
  type SessionTerminal,
  sessionTerminal,
  type Terminal,
  terminalState,
} from '@borlette/shared/contracts/terminals';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, type HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { orNotFound } from '../_lib/scope';
import { getTerminal, terminalWhere } from './terminals-query';

const approvalRow = z.object({ terminal_approval: z.boolean() });
const lockedRow = z.object({ id: z.number(), state: terminalState, name: z.string() });

/**
 * An agent's sign-in from the POS: its terminal (device, agent) is created or seen again. A new one is
 * approved at once unless the company asks for approval; a pending one is approved at its next
 * sign-in once approval is off again; a revoked one stays revoked. The admin's name is kept.
 * Without a device (an API client) there is no terminal, and with approval on the sign-in is refused:
 * else the approval would be one missing field away. Runs in the sign-in's transaction, before its session.
 */
export async function registerTerminal(
  raw: RawClient,
  ctx: RequestContext,
  companyId: number,
  agentId: number,
  device: z.output<typeof deviceInfo> | undefined,
): Promise<SessionTerminal | null> {
  if (!device) {
    const s = await firstRow(
      raw,
      approvalRow,
      // Shared-locked until the caller's session is written (the sign-in's transaction): see login.
      sql`SELECT terminal_approval FROM company_settings WHERE company_id = ${companyId} FOR SHARE`,
    );
    if (s?.terminal_approval) {
      throw new AppError(
        403,
        'DEVICE_PENDING',
        'Votre compagnie exige l’approbation des terminaux : connectez-vous depuis le point de vente (/pos).',
      );
    }
    return null;
  }
  const name = device.name || `Terminal ${device.device_id.slice(0, 6)}`;
  return oneRow(
    raw,
    sessionTerminal,
    sql`INSERT INTO terminals AS t (company_id, device_id, agent_id, name, user_agent, pos_version, state, last_ip, approved_at)
        SELECT ${companyId}, ${device.device_id}, ${agentId}, ${name}, ${ctx.userAgent}, ${device.pos_version ?? null},
               CASE WHEN cs.terminal_approval THEN 'pending' ELSE 'approved' END, ${ctx.ip},
               CASE WHEN cs.terminal_approval THEN NULL ELSE now() END
          FROM company_settings cs WHERE cs.company_id = ${companyId}
        ON CONFLICT (company_id, device_id, agent_id) DO UPDATE
           SET last_seen_at = now(), last_ip = EXCLUDED.last_ip, user_agent = EXCLUDED.user_agent,
               pos_version = coalesce(EXCLUDED.pos_version, t.pos_version),
               state = CASE WHEN t.state = 'pending' AND EXCLUDED.state = 'approved' THEN 'approved' ELSE t.state END,
               approved_at = CASE WHEN t.state = 'pending' AND EXCLUDED.state = 'approved' THEN now() ELSE t.approved_at END
        RETURNING t.id, t.state`,
  );
}

/** The POS while open: one UPDATE (last seen, address), answering the state the POS shows. */
export async function heartbeat(raw: RawClient, ctx: RequestContext, posVersion: string | undefined) {
  const auth = authOf(ctx);
  if (auth.terminalId === null) return { terminal: null };
  const row = await firstRow(
    raw,
    sessionTerminal,
    sql`UPDATE terminals SET last_seen_at = now(), last_ip = ${ctx.ip},
               pos_version = coalesce(${posVersion ?? null}, pos_version)
         WHERE company_id = ${auth.ownCompanyId} AND id = ${auth.terminalId} RETURNING id, state`,
  );
  return { terminal: row ?? null };
}

/** The terminal locked for a change, as the caller may see it (404 otherwise). */
async function lockTerminal(tx: RawClient, ctx: HasAuth, companyId: number, id: number) {
  const row = await firstRow(
    tx,
    lockedRow,
    sql`SELECT t.id, t.state, t.name FROM terminals t JOIN users ag ON ag.id = t.agent_id
         WHERE ${terminalWhere(ctx, companyId, id)} FOR UPDATE OF t`,
  );
  return orNotFound(row, 'Terminal introuvable.');
}

/**
 * Approve (a pending or revoked terminal) or revoke (a pending or approved one). The row is locked
 * first, so of parallel changes each applies to the state the previous one left; a revocation ends
 * the terminal's sessions in the same transaction (their next request is a 401). Setting the state
 * it already has changes nothing and is not audited.
 */
export async function setTerminalState(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  state: 'approved' | 'revoked',
): Promise<Terminal> {
  const by = authOf(ctx).userId;
  await database.transaction(async (tx) => {
    const before = await lockTerminal(tx, ctx, companyId, id);
    if (before.state === state) return;
    if (state === 'approved') {
      await execute(
        tx,
        sql`UPDATE terminals SET state = 'approved', approved_by = ${by}, approved_at = now()
             WHERE company_id = ${companyId} AND id = ${id}`,
      );
    } else {
      await execute(
        tx,
        sql`UPDATE terminals SET state = 'revoked', revoked_by = ${by}, revoked_at = now()
             WHERE company_id = ${companyId} AND id = ${id}`,
      );
      await execute(
        tx,
        sql`UPDATE sessions SET revoked_at = now() WHERE terminal_id = ${id} AND revoked_at IS NULL
               AND user_id IN (SELECT agent_id FROM terminals WHERE company_id = ${companyId} AND id = ${id})`,
      );
    }
    await audit(tx, ctx, {
      action: state === 'approved' ? 'approve' : 'revoke',
      entity: 'terminal',
      entityId: id,
      companyId,
      before: { state: before.state },
      after: { state },
    });
  });
  return getTerminal(database.raw, ctx, companyId, id);
}

export async function renameTerminal(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  name: string,
): Promise<Terminal> {
  await database.transaction(async (tx) => {
    const before = await lockTerminal(tx, ctx, companyId, id);
    if (before.name === name) return;
    await execute(tx, sql`UPDATE terminals SET name = ${name} WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, {
      action: 'update',
      entity: 'terminal',
      entityId: id,
      companyId,
      before: { name: before.name },
      after: { name },
    });
  });
  return getTerminal(database.raw, ctx, companyId, id);
}

/**
 * Approval turned on: the agents' sessions without a device end (they would sell unapproved); their
 * next sign-in from the POS registers the device. Called in the settings' transaction.
 */
export async function endDevicelessAgentSessions(tx: RawClient, companyId: number): Promise<number> {
  const ended = await rows(
    tx,
    z.object({ id: z.number() }),
    sql`UPDATE sessions SET revoked_at = now()
         WHERE terminal_id IS NULL AND revoked_at IS NULL AND expires_at > now()
           AND user_id IN (SELECT id FROM users WHERE company_id = ${companyId} AND role = 'agent')
        RETURNING id`,
  );
  return ended.length;
}
