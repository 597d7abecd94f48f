import type { Agent, agentInput, agentUpdate } from '@borlette/shared/contracts/agents';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { hashPassword } from '../../lib/password';
import {
  archiveUser,
  assertNotArchived,
  assertUsernameFree,
  rethrowUsernameTaken,
  revokeSessions,
  setUserPassword,
  setUserStatus,
  unlockSignIn,
} from '../_lib/people.service';
import {
  assertAgentWithinSupervisor,
  assertStatusChange,
  assertSupervisorOfCompany,
  assertSurcussalesOfCompany,
} from '../_lib/people-query';
import { getAgent, stripAgent } from './agents-query';

export type AgentValues = z.output<typeof agentInput>;
export type AgentUpdateValues = Omit<z.output<typeof agentUpdate>, 'id'>;

async function checkReferences(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number,
  input: { surcussale_id: number; supervisor_id: number | null },
) {
  await assertSurcussalesOfCompany(raw, companyId, [input.surcussale_id], 'surcussale_id');
  await assertSupervisorOfCompany(raw, companyId, input.supervisor_id);
  await assertAgentWithinSupervisor(raw, ctx, companyId, input);
}

const publicFields = (input: AgentUpdateValues | AgentValues) => {
  const { password, ...rest } = input as AgentValues;
  return rest;
};

export async function createAgent(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  input: AgentValues,
): Promise<Agent> {
  await checkReferences(database.raw, ctx, companyId, input);
  await assertUsernameFree(database.raw, input.username, companyId);
  const hash = await hashPassword(input.password);
  let id: number;
  try {
    id = await database.transaction(async (tx) => {
      const row = await oneRow(
        tx,
        z.object({ id: z.number() }),
        sql`INSERT INTO users (company_id, role, username, first_name, last_name, phone, surcussale_id, supervisor_id,
                               commission_bp, can_cancel, credit_limit, credit_mode, status, password_hash)
            VALUES (${companyId}, 'agent', ${input.username}, ${input.first_name}, ${input.last_name}, ${input.phone},
                    ${input.surcussale_id}, ${input.supervisor_id}, ${input.commission_bp}, ${input.can_cancel},
                    ${input.credit_limit}, ${input.credit_mode}, ${input.status}, ${hash}) RETURNING id`,
      );
      await audit(tx, ctx, {
        action: 'create',
        entity: 'agent',
        entityId: row.id,
        companyId,
        after: publicFields(input),
      });
      return row.id;
    });
  } catch (err) {
    rethrowUsernameTaken(err);
  }
  return stripAgent(await getAgent(database.raw, ctx, companyId, id));
}

export async function updateAgent(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  input: AgentUpdateValues,
): Promise<Agent> {
  const before = await getAgent(database.raw, ctx, companyId, id);
  assertStatusChange(ctx, before.status, input.status, 'block_agent');
  await checkReferences(database.raw, ctx, companyId, input);
  await assertUsernameFree(database.raw, input.username, companyId, id);
  const status = input.status ?? before.status;
  try {
    await database.transaction(async (tx) => {
      await execute(
        tx,
        sql`UPDATE users SET username = ${input.username}, first_name = ${input.first_name}, last_name = ${input.last_name},
                   phone = ${input.phone}, surcussale_id = ${input.surcussale_id}, supervisor_id = ${input.supervisor_id},
                   commission_bp = ${input.commission_bp}, can_cancel = ${input.can_cancel},
                   credit_limit = ${input.credit_limit}, credit_mode = ${input.credit_mode}, status = ${status},
                   updated_at = now()
             WHERE company_id = ${companyId} AND id = ${id} AND role = 'agent'`,
      );
      if (status !== 'active' && before.status === 'active') await revokeSessions(tx, id);
      await audit(tx, ctx, {
        action: 'update',
        entity: 'agent',
        entityId: id,
        companyId,
        before: stripAgent(before),
        after: { ...input, status },
      });
    });
  } catch (err) {
    rethrowUsernameTaken(err);
  }
  return stripAgent(await getAgent(database.raw, ctx, companyId, id));
}

/** Block or unblock: a blocked agent cannot sign in nor sell; its sessions end now. */
export async function blockAgent(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<Agent> {
  const before = await getAgent(database.raw, ctx, companyId, id);
  assertNotArchived(before.status, 'Ce vendeur est archivé : restaurez-le d’abord (modifier, statut actif).');
  await setUserStatus(database, ctx, { role: 'agent', companyId, id }, before, blocked);
  return stripAgent(await getAgent(database.raw, ctx, companyId, id));
}

/** New password: every session of the agent ends (it signs in again with the new one). */
export async function changeAgentPassword(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  password: string,
) {
  await getAgent(database.raw, ctx, companyId, id);
  await setUserPassword(database, ctx, { role: 'agent', companyId, id }, password);
}

/** Lifts the agent's sign-in throttling (an agent the caller sees). */
export async function unlockAgentSignIn(database: Database, ctx: RequestContext, companyId: number, id: number) {
  await getAgent(database.raw, ctx, companyId, id);
  return unlockSignIn(database, ctx, { entity: 'agent', companyId, id });
}

/** Archived: hidden from lists, sign-in refused, sessions ended; kept for the history (its tickets). */
export async function archiveAgent(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getAgent(database.raw, ctx, companyId, id);
  if (before.status === 'archived') return;
  await archiveUser(database, ctx, { role: 'agent', companyId, id }, stripAgent(before));
}
