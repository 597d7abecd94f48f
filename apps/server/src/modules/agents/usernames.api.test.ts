import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminA, adminB, agentBody, bSub, setupAgents, t } from '../../../test/fixtures/agents.fixtures';
import { callAs, createUser, describeApi, expectErrorBody, unique } from '../../../test/helpers';

/**
 * Issue 15, defect 14: sign-in names are platform-wide (the sign-in asks no company), but a company
 * admin must not learn another tenant's names from the answer. « Déjà pris » only inside the caller's
 * company; a name held elsewhere gets a refusal that does not confirm it (modules/_lib/people.service.ts).
 */
const TAKEN = 'Ce nom d’utilisateur est déjà pris.';

describeApi('usernames across tenants', () => {
  beforeAll(setupAgents);
  afterAll(() => t?.close());

  const supervisorBody = (username: string) => ({
    first_name: 'Marie',
    last_name: 'Joseph',
    username,
    password: 'motdepasse-1',
    permissions: [],
    surcussales: [],
  });

  it('does not confirm to company B a name of company A, for an agent or a supervisor, created or renamed', async () => {
    const inA = agentBody();
    expect((await callAs(t, 'POST', '/api/companies/agent', adminA, inA)).statusCode).toBe(200);

    const asAgent = expectErrorBody(
      await callAs(
        t,
        'POST',
        '/api/companies/agent',
        adminB,
        agentBody({ username: inA.username, surcussale_id: bSub }),
      ),
      409,
    );
    const asSupervisor = expectErrorBody(
      await callAs(t, 'POST', '/api/companies/supervisor', adminB, supervisorBody(inA.username.toUpperCase())),
      409,
    );
    const mine = (
      await callAs(t, 'POST', '/api/companies/agent', adminB, agentBody({ surcussale_id: bSub }))
    ).json() as {
      id: number;
    };
    const renamed = expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/agent', adminB, {
        ...agentBody({ surcussale_id: bSub }),
        id: mine.id,
        username: inA.username,
      }),
      409,
    );
    for (const body of [asAgent, asSupervisor, renamed]) {
      expect(body.message).not.toMatch(/déjà pris/);
      expect(body.fields?.username).toMatch(/n’est pas disponible/);
      expect(JSON.stringify(body)).not.toContain(inA.username);
    }
    // The same answer as for a name held by platform staff: nothing tells a company from the platform.
    const staff = await createUser(t.database, { role: 'superuser', username: unique('staff') });
    const asStaff = expectErrorBody(
      await callAs(
        t,
        'POST',
        '/api/companies/agent',
        adminB,
        agentBody({ username: staff.username, surcussale_id: bSub }),
      ),
      409,
    );
    expect(asStaff.fields).toEqual(asAgent.fields);
  });

  it('still says « déjà pris » for a name of the caller’s own company', async () => {
    const inA = agentBody();
    expect((await callAs(t, 'POST', '/api/companies/agent', adminA, inA)).statusCode).toBe(200);
    const again = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ username: inA.username }));
    expect(expectErrorBody(again, 409).fields).toEqual({ username: TAKEN });
    const sup = await callAs(t, 'POST', '/api/companies/supervisor', adminA, supervisorBody(inA.username));
    expect(expectErrorBody(sup, 409).fields).toEqual({ username: TAKEN });
  });
});
