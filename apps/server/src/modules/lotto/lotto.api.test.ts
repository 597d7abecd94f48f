import { afterAll, beforeAll, expect, it } from 'vitest';
import { sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  callAs,
  createCompany,
  createTestApp,
  describeApi,
  expectErrorBody,
  type TestContext,
  type UserOptions,
} from '../../../test/helpers';

interface Option {
  id: number;
  code: number;
  label: string;
  mapping: string[];
  example: string;
}

describeApi('loto 4 / loto 5 options (lotto)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let editorSup: string;
  let viewerSup: string;
  let noneSup: string;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;
  const optionsOf = async (tok: string): Promise<Option[]> =>
    (await callAs(t, 'GET', '/api/companies/list-lotto?page_size=100', tok)).json().results;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    adminA = await token({ role: 'company', companyId: a.id, fullAccess: true });
    adminB = await token({ role: 'company', companyId: b.id, fullAccess: true });
    editorSup = await token({
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_lotto', 'add_lotto', 'change_lotto'],
    });
    viewerSup = await token({ role: 'supervisor', companyId: a.id, permissions: ['view_lotto'] });
    noneSup = await token({ role: 'supervisor', companyId: a.id, permissions: [] });
  });
  afterAll(() => t?.close());

  it('lists the six options every company starts with, with the number each builds from 123 / 4567', async () => {
    const options = await optionsOf(adminA);
    expect(options.map((o) => [o.code, o.example])).toEqual([
      [41, '4567'],
      [42, '2345'],
      [43, '2367'],
      [51, '12345'],
      [52, '12367'],
      [53, '34567'],
    ]);
    expect(options[0]).toMatchObject({
      game: 'loto4',
      option: 1,
      mapping: ['lot2', 'lot3'],
      enabled: true,
      status: 'active',
    });
    const loto5 = (await callAs(t, 'GET', '/api/companies/list-lotto?game=loto5&sort=code&order=desc', adminA)).json();
    expect(loto5.results.map((o: Option) => o.code)).toEqual([53, 52, 51]);
    const csv = await callAs(t, 'GET', '/api/companies/list-lotto?format=csv', viewerSup);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('lot1LastDigit + lot2 + lot3');
  });

  it('updates the label and the activation; changing the mapping needs option_plus too', async () => {
    const [o1] = await optionsOf(adminA);
    const relabel = await callAs(t, 'PUT', '/api/companies/lotto', editorSup, {
      id: o1.id,
      label: 'Loto 4 – Pick 4',
      mapping: o1.mapping,
      enabled: false,
    });
    expect(relabel.json()).toMatchObject({ label: 'Loto 4 – Pick 4', enabled: false });
    const remap = await callAs(t, 'PUT', '/api/companies/lotto', editorSup, {
      id: o1.id,
      label: 'Loto 4 – Pick 4',
      mapping: ['lot3', 'lot2'],
      enabled: true,
    });
    expect(expectErrorBody(remap, 403).message).toMatch(/option_plus/);
    expect((await callAs(t, 'GET', `/api/companies/lotto?id=${o1.id}`, adminA)).json().mapping).toEqual([
      'lot2',
      'lot3',
    ]);
    const byAdmin = await callAs(t, 'PUT', '/api/companies/lotto', adminA, {
      id: o1.id,
      label: 'Loto 4 inversé',
      mapping: ['lot3', 'lot2'],
      enabled: true,
    });
    expect(byAdmin.json()).toMatchObject({ mapping: ['lot3', 'lot2'], example: '6745', enabled: true });
    const audits = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'lotto_option' AND entity_id = $1 ORDER BY id",
      [String(o1.id)],
    );
    expect(audits.map((r) => r.action)).toEqual(['update', 'update']);
  });

  it('refuses a mapping of the wrong length (400 on mapping) and other bad input, writing nothing', async () => {
    const [, o2] = await optionsOf(adminA);
    const short = await callAs(t, 'PUT', '/api/companies/lotto', adminA, {
      id: o2.id,
      label: 'Court',
      mapping: ['lot1'],
      enabled: true,
    });
    expect(expectErrorBody(short, 400).fields?.mapping).toMatch(/4 chiffres/);
    const loto5 = (await optionsOf(adminA)).find((o) => o.code === 51) as Option;
    const four = await callAs(t, 'PUT', '/api/companies/lotto', adminA, {
      id: loto5.id,
      label: 'Quatre',
      mapping: ['pick4'],
      enabled: true,
    });
    expect(expectErrorBody(four, 400).fields?.mapping).toMatch(/5 chiffres/);
    const unknown = await callAs(t, 'PUT', '/api/companies/lotto', adminA, {
      id: o2.id,
      label: 'x',
      mapping: ['lot9'],
      enabled: 'oui',
    });
    const body = expectErrorBody(unknown, 400);
    expect(body.fields?.label).toBe('Le libellé doit compter 2 caractères au moins');
    expect((await callAs(t, 'GET', `/api/companies/lotto?id=${o2.id}`, adminA)).json()).toMatchObject({
      label: 'Loto 4 option 2',
      mapping: ['lot1', 'lot2'],
    });
    const badCode = await callAs(t, 'POST', '/api/companies/lotto', adminA, {
      code: 44,
      label: 'Gratuit',
      mapping: ['pick4'],
    });
    expect(expectErrorBody(badCode, 400).fields?.code).toBe('Option inconnue (41-43, 51-53)');
  });

  it('deletes an option, creates it again (409 while it exists), option_plus for a non-default mapping', async () => {
    const o3 = (await optionsOf(adminA)).find((o) => o.code === 43) as Option;
    const dup = await callAs(t, 'POST', '/api/companies/lotto', adminA, {
      code: 43,
      label: 'Encore',
      mapping: ['lot1', 'lot3'],
    });
    expect(expectErrorBody(dup, 409).fields?.code).toBe('Cette option existe déjà : modifiez-la.');
    expect((await callAs(t, 'DELETE', `/api/companies/lotto?id=${o3.id}`, editorSup)).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', `/api/companies/lotto?id=${o3.id}`, adminA), 404);
    const custom = await callAs(t, 'POST', '/api/companies/lotto', editorSup, {
      code: 43,
      label: 'Perso',
      mapping: ['lot3', 'lot1'],
    });
    expectErrorBody(custom, 403);
    const again = await callAs(t, 'POST', '/api/companies/lotto', editorSup, {
      code: 43,
      label: 'Loto 4 option 3',
      mapping: ['lot1', 'lot3'],
    });
    expect(again.json()).toMatchObject({ code: 43, example: '2367', enabled: true, status: 'active' });
  });

  it('refuses a supervisor without the codename (403)', async () => {
    const [o] = await optionsOf(adminA);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-lotto', noneSup), 403);
    expectErrorBody(await callAs(t, 'GET', `/api/companies/lotto?id=${o.id}`, noneSup), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/lotto', viewerSup, { code: 41, label: 'Non', mapping: ['pick4'] }),
      403,
    );
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/lotto', viewerSup, {
        id: o.id,
        label: 'Non',
        mapping: o.mapping,
        enabled: true,
      }),
      403,
    );
    expectErrorBody(await callAs(t, 'DELETE', `/api/companies/lotto?id=${o.id}`, viewerSup), 403);
    expectErrorBody(await callAs(t, 'POST', '/api/companies/lotto/block', editorSup, { id: o.id, blocked: true }), 403);
  });

  it('never shows or changes another company’s option (404, no data)', async () => {
    const [ob] = await optionsOf(adminB);
    await callAs(t, 'PUT', '/api/companies/lotto', adminB, {
      id: ob.id,
      label: 'Secret B',
      mapping: ob.mapping,
      enabled: true,
    });
    const read = await callAs(t, 'GET', `/api/companies/lotto?id=${ob.id}`, adminA);
    expectErrorBody(read, 404);
    expect(read.body).not.toContain('Secret B');
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/lotto', adminA, {
        id: ob.id,
        label: 'Pris',
        mapping: ob.mapping,
        enabled: true,
      }),
      404,
    );
    expectErrorBody(await callAs(t, 'DELETE', `/api/companies/lotto?id=${ob.id}`, adminA), 404);
    expectErrorBody(await callAs(t, 'POST', '/api/companies/lotto/block', adminA, { id: ob.id, blocked: true }), 404);
    expect((await callAs(t, 'GET', '/api/companies/list-lotto?page_size=100', adminA)).body).not.toContain('Secret B');
  });

  it('an option disabled or blocked no longer sells; sold tickets keep the mapping of their sale', async () => {
    const c = await sellingCompany(t.database);
    const admin = await token({ role: 'company', companyId: c.company.id, fullAccess: true });
    const o1 = (await optionsOf(admin)).find((o) => o.code === 41) as Option;
    const sale = (number = '4567') =>
      sell(t.database.raw, {
        companyId: c.company.id,
        agentId: c.agents[0].id,
        tirages: [c.tirages[0].id],
        lines: [{ code: 41, number, stake: 100 }],
      });
    const sold = await sale();
    const blocked = await callAs(t, 'POST', '/api/companies/lotto/block', admin, { id: o1.id, blocked: true });
    expect(blocked.json().status).toBe('blocked');
    await expect(sale()).rejects.toThrow(/n’est pas disponible/);
    await callAs(t, 'POST', '/api/companies/lotto/block', admin, { id: o1.id, blocked: false });
    await callAs(t, 'PUT', '/api/companies/lotto', admin, {
      id: o1.id,
      label: o1.label,
      mapping: o1.mapping,
      enabled: false,
    });
    await expect(sale()).rejects.toThrow(/n’est pas disponible/);
    await callAs(t, 'PUT', '/api/companies/lotto', admin, {
      id: o1.id,
      label: o1.label,
      mapping: ['lot3', 'lot2'],
      enabled: true,
    });
    await sale('6745');
    const templates = await t.database.raw.query<{ template: string }>(
      'SELECT template FROM fiche_lines WHERE company_id = $1 AND code = 41 ORDER BY id',
      [c.company.id],
    );
    expect(templates.map((r) => r.template)).toEqual(['{lot2}{lot3}', '{lot3}{lot2}']);
    expect(sold.amount).toBe(100);
  });
});
