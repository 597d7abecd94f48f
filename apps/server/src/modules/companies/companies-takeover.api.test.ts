import { COMPANY_CODENAMES, type Codename } from '@borlette/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newCompany, root, rootId, setupCompanies, t } from '../../../test/fixtures/companies.fixtures';
import { asUser, callAs, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

/**
 * Issue 15, defect 3: platform staff holding view_company + change_company reset a company admin's
 * password, signed in as the admin and acted with its powers. Nobody manages an account that holds
 * more than they do: the admin holds every company codename.
 */
describeApi('companies (platform): a general cannot take a company over', () => {
  let general: string;
  let generalId: number;

  beforeAll(async () => {
    await setupCompanies();
    const g = await createUser(t.database, { role: 'superuser', permissions: ['view_company', 'change_company'] });
    generalId = g.id;
    general = (await login(t.app, g.username)).accessToken;
  });
  afterAll(() => t?.close());

  const staff = async (permissions: Codename[]) => (await asUser(t, { role: 'superuser', permissions })).token;

  it('refuses a general without the admin’s codenames: password, block, rename, delete (403, nothing changes)', async () => {
    const input = newCompany();
    const c = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    const adminToken = (await login(t.app, input.admin_username, input.admin_password)).accessToken;

    const reset = await callAs(t, 'POST', '/api/generals/compagnies/password', general, {
      id: c.id,
      password: 'pris-123456',
    });
    expect(expectErrorBody(reset, 403).message).toMatch(/Le compte admin de cette compagnie a des permissions/);
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/compagnies/block', general, { id: c.id, blocked: true }),
      403,
    );
    expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-company', general, { id: c.id }), 403);
    const base = { id: c.id, name: c.name, country_code: 'HT' };
    const renamed = await callAs(t, 'PUT', '/api/generals/compagnies', general, {
      ...base,
      admin_username: 'pris_par_g',
    });
    expectErrorBody(renamed, 403);
    expectErrorBody(
      await callAs(t, 'PUT', '/api/generals/compagnies', general, { ...base, admin_last_name: 'Autre' }),
      403,
    );

    // Nothing changed: the admin's session lives, its password and name are the same, the company is active.
    expect((await callAs(t, 'GET', '/api/companies/user', adminToken)).statusCode).toBe(200);
    expect((await login(t.app, input.admin_username, input.admin_password)).role).toBe('company');
    const after = (await callAs(t, 'GET', `/api/generals/compagnies?id=${c.id}`, root)).json();
    expect(after).toMatchObject({ status: 'active', admin_username: input.admin_username, admin_last_name: 'Joseph' });

    // What change_company is for stays open: the company's own details (the admin's names unchanged).
    const details = await callAs(t, 'PUT', '/api/generals/compagnies', general, {
      ...base,
      phone: '+509 3700 0000',
      admin_username: input.admin_username,
      admin_first_name: 'Marie',
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().phone).toBe('+509 3700 0000');
  });

  it('refuses the takeover in parallel too, whatever the order', async () => {
    const input = newCompany();
    const c = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? callAs(t, 'POST', '/api/generals/compagnies/block', general, { id: c.id, blocked: true })
          : callAs(t, 'POST', '/api/generals/compagnies/password', general, { id: c.id, password: `pris-${i}-123456` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await login(t.app, input.admin_username, input.admin_password)).role).toBe('company');
  });

  it('lets whoever holds every codename the admin holds reset it, audited as that caller’s act on the admin', async () => {
    const input = newCompany();
    const c = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    await login(t.app, input.admin_username, input.admin_password);
    const ok = await callAs(t, 'POST', '/api/generals/compagnies/password', root, {
      id: c.id,
      password: 'nouveau-987654',
    });
    expect(ok.json()).toEqual({ ok: true });
    expect((await login(t.app, input.admin_username, 'nouveau-987654')).role).toBe('company');
    const [entry] = await t.database.raw.query<Record<string, unknown>>(
      "SELECT user_id, role, username, company_id, entity_id, after FROM audit_log WHERE action = 'change_password' AND entity = 'user' AND entity_id = $1",
      [String(c.admin_id)],
    );
    expect(entry).toMatchObject({
      user_id: rootId,
      role: 'superuser',
      company_id: c.id,
      entity_id: String(c.admin_id),
    });
    expect(entry.after).toMatchObject({ username: input.admin_username, sessions_revoked: 1 });

    // Staff granted every company codename (it could already act on the company as fully) may, too.
    const full = await staff([...COMPANY_CODENAMES, 'change_company'] as Codename[]);
    const again = await callAs(t, 'POST', '/api/generals/compagnies/password', full, {
      id: c.id,
      password: 'encore-987654',
    });
    expect(again.statusCode).toBe(200);
    // A company without an admin account puts nothing at stake: change_company blocks it.
    const bare = (
      await t.database.raw.query<{ id: number }>(
        "INSERT INTO companies (ref_code, name, country_id) SELECT 'NOADM1', 'Sans admin', id FROM countries WHERE name_code = 'HT' RETURNING id",
      )
    )[0];
    const blocked = await callAs(t, 'POST', '/api/generals/compagnies/block', general, { id: bare.id, blocked: true });
    expect(blocked.json().status).toBe('blocked');
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/compagnies/password', general, { id: 999999, password: 'x-12345678' }),
      404,
    );
    const refusedEntries = await t.database.raw.query('SELECT 1 FROM audit_log WHERE user_id = $1 AND action = $2', [
      generalId,
      'change_password',
    ]);
    expect(refusedEntries).toHaveLength(0);
  });

  it('applies the same rule to a company’s supervisors: staff with a lone codename cannot seize one', async () => {
    const input = newCompany();
    const c = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    const strong = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.id,
      permissions: ['view_agent', 'change_agent', 'view_fichevente'],
    });
    const weak = await createUser(t.database, { role: 'supervisor', companyId: c.id, permissions: ['view_agent'] });
    const g = await staff(['view_agent', 'change_password_sup', 'block_sup', 'add_supervisor', 'view_supervisor']);
    expect((await callAs(t, 'POST', '/api/generals/company', g, { ref_code: c.ref_code })).statusCode).toBe(200);

    const reset = await callAs(t, 'POST', '/api/companies/supervisor/password', g, {
      id: strong.id,
      password: 'pris-123456',
    });
    expect(expectErrorBody(reset, 403).message).toMatch(/Ce superviseur a des permissions que vous n’avez pas/);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/supervisor/block', g, { id: strong.id, blocked: true }),
      403,
    );
    expect((await login(t.app, strong.username)).role).toBe('supervisor');
    // One holding no more than the caller: allowed.
    const fine = await callAs(t, 'POST', '/api/companies/supervisor/password', g, {
      id: weak.id,
      password: 'nouveau-123456',
    });
    expect(fine.statusCode).toBe(200);
    // Nor can it create one above itself.
    const created = await callAs(t, 'POST', '/api/companies/supervisor', g, {
      first_name: 'Nouveau',
      last_name: 'Sup',
      username: `sup_take_${c.id}`,
      password: 'secret-pass-123',
      permissions: ['view_agent', 'change_agent'],
    });
    expect(expectErrorBody(created, 400).fields?.permissions).toMatch(/que vous détenez/);
  });
});
