import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { a, north, setupSupervisors, t, tokenOf } from '../../../test/fixtures/supervisors.fixtures';
import { callAs, createUser, describeApi } from '../../../test/helpers';
import { holdTransaction } from '../../../test/hold-transaction';

/** Review: a supervisor's rate is the company's to set, also when a supervisor's own edit races it. */
describeApi('supervisors under attack', () => {
  beforeAll(setupSupervisors);
  afterAll(() => t?.close());

  it('a supervisor editing its own record while the company changes its rate does not put the old rate back', async () => {
    const permissions: Codename[] = ['view_supervisor', 'change_supervisor'];
    const me = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, me.id, north],
    );
    await t.database.raw.query('UPDATE users SET commission_bp = 300 WHERE id = $1', [me.id]);
    const token = await tokenOf(me.username);
    // The company's change of the rate, not yet committed while the supervisor's edit reads the record.
    const companyChange = holdTransaction(t.database, async (tx) => {
      await tx.query('UPDATE users SET commission_bp = 500 WHERE id = $1', [me.id]);
    });
    await companyChange.started;
    const editing = callAs(t, 'PUT', '/api/companies/supervisor', token, {
      id: me.id,
      first_name: 'Moi',
      last_name: 'Même',
      username: me.username,
      phone: '+509 3700 0099',
      permissions,
      surcussales: [north],
    });
    await new Promise((r) => setTimeout(r, 300));
    companyChange.release();
    await companyChange.done;
    const res = await editing;
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.raw.query<{ commission_bp: number; phone: string }>(
      'SELECT commission_bp, phone FROM users WHERE id = $1',
      [me.id],
    );
    expect(row).toEqual({ commission_bp: 500, phone: '+509 3700 0099' });
  });
});
