import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  asUser,
  auth,
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import { multipartBody, smallPng } from '../../../test/multipart-body';

describeApi('countries and cities (platform)', () => {
  let t: TestContext;
  let root: string;
  let viewer: string;
  let companyAdmin: string;
  let supervisor: string;

  beforeAll(async () => {
    t = await createTestApp();
    root = (await asUser(t, { role: 'superuser', fullAccess: true })).token;
    viewer = (await asUser(t, { role: 'superuser', permissions: ['view_country'] })).token;
    const c = await createCompany(t.database, { country: 'HT' });
    companyAdmin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    supervisor = (await asUser(t, { role: 'supervisor', companyId: c.id })).token;
  });
  afterAll(() => t?.close());

  const form = (
    method: 'POST' | 'PUT',
    token: string,
    fields: Parameters<typeof multipartBody>[0],
    files: Parameters<typeof multipartBody>[1] = {},
  ) => {
    const { payload, headers } = multipartBody(fields, files);
    return t.app.inject({ method, url: '/api/generals/countries', payload, headers: { ...headers, ...auth(token) } });
  };

  it('seeds the borlette countries with their main cities, once', async () => {
    const list = (await callAs(t, 'GET', '/api/generals/countries', root)).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((c: { name_code: string }) => c.name_code).sort()).toEqual(
      ['BR', 'CA', 'CL', 'DO', 'FR', 'HT', 'US'].sort(),
    );
    // The switcher's shape (docs/spec.md §3 "Country") stays as it was.
    expect(list.find((c: { name_code: string }) => c.name_code === 'HT')).toEqual({
      name_code: 'HT',
      name: 'Haïti',
      flag: '🇭🇹',
    });
    const page = (await callAs(t, 'GET', '/api/generals/countries?page=1&search=HT', root)).json();
    expect(page.results.find((c: { name_code: string }) => c.name_code === 'HT')).toMatchObject({
      name: 'Haïti',
      currency: 'HTG',
      timezone: 'America/Port-au-Prince',
    });
    const ht = (await callAs(t, 'GET', '/api/generals/cities?country=ht', root)).json();
    const names = ht.map((c: { name: string }) => c.name);
    for (const n of ['Port-au-Prince', 'Pétion-Ville', 'Cap-Haïtien', 'Jérémie', 'Léogâne']) expect(names).toContain(n);
    const us = (await callAs(t, 'GET', '/api/generals/cities?country=US', root)).json();
    expect(us.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Miami', 'New York', 'Boston']));
    // Running the seed again adds nothing.
    const [{ n }] = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM cities');
    const { seedReference } = await import('../../db/seed/reference');
    await seedReference(t.database.raw);
    const [{ n: again }] = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM cities');
    expect(again).toBe(n);
  });

  it('creates a country with an uploaded flag, reads, updates and lists it, recording each write', async () => {
    const png = await smallPng();
    const created = await form(
      'POST',
      root,
      { name_code: 'jm', name: 'Jamaïque', currency: 'jmd', timezone: 'America/Jamaica' },
      { flag: { filename: 'jm.png', data: png, contentType: 'image/png' } },
    );
    expect(created.statusCode).toBe(200);
    const c = created.json();
    expect(c).toMatchObject({ name_code: 'JM', name: 'Jamaïque', currency: 'JMD', cities_count: 0, cities: [] });
    expect(c.flag).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: c.flag });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const read = (await callAs(t, 'GET', `/api/generals/countries?id=${c.id}`, viewer)).json();
    expect(read).toMatchObject({ id: c.id, name: 'Jamaïque', flag: c.flag });

    // Keeping the current image: its URL is sent back as text.
    const kept = await form('PUT', root, {
      id: c.id,
      name_code: 'JM',
      name: 'Jamaique',
      flag: c.flag,
      currency: 'JMD',
      timezone: 'America/Jamaica',
    });
    expect(kept.json()).toMatchObject({ name: 'Jamaique', flag: c.flag });
    // No flag at all: the emoji of the code.
    const emoji = await callAs(t, 'PUT', '/api/generals/countries', root, {
      id: c.id,
      name_code: 'JM',
      name: 'Jamaïque',
      currency: 'JMD',
      timezone: 'America/Jamaica',
    });
    expect(emoji.json().flag).toBe('🇯🇲');

    const page = (await callAs(t, 'GET', '/api/generals/countries?page=1&search=jama', root)).json();
    expect(page).toMatchObject({ count: 1, page: 1, page_size: 25 });
    expect(page.results[0]).toMatchObject({ name_code: 'JM', companies_count: 0 });
    const actions = await t.database.raw.query<{ action: string; company_id: number | null }>(
      "SELECT action, company_id FROM audit_log WHERE entity = 'country' AND entity_id = $1 ORDER BY id",
      [String(c.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'update', 'update']);
  });

  it('refuses bad input with French messages per field', async () => {
    const bad = await callAs(t, 'POST', '/api/generals/countries', root, {
      name_code: 'HTI',
      name: 'H',
      currency: 'XYZ1',
      timezone: 'Mars/Olympus',
      flag: '<script>',
    });
    const body = expectErrorBody(bad, 400);
    expect(body.fields).toMatchObject({
      name_code: 'Code pays ISO 3166-1 à 2 lettres attendu (ex. HT)',
      name: 'Le nom doit compter 2 caractères au moins',
      timezone: 'Fuseau horaire IANA inconnu (ex. America/Port-au-Prince)',
    });
    expect(body.fields?.currency).toMatch(/ISO 4217/);
    expect(body.fields?.flag).toBeTruthy();
    const unknownCurrency = await callAs(t, 'POST', '/api/generals/countries', root, {
      name_code: 'XX',
      name: 'Nulle part',
      currency: 'ABC',
      timezone: 'UTC',
    });
    expect(expectErrorBody(unknownCurrency, 400).fields?.currency).toMatch(/inconnu/);
    const missing = expectErrorBody(await callAs(t, 'POST', '/api/generals/countries', root, {}), 400);
    expect(Object.keys(missing.fields ?? {})).toEqual(
      expect.arrayContaining(['name_code', 'name', 'currency', 'timezone']),
    );
    // A duplicate code is 409 on its field; a duplicate name too.
    const dup = await callAs(t, 'POST', '/api/generals/countries', root, {
      name_code: 'HT',
      name: 'Haïti bis',
      currency: 'HTG',
      timezone: 'America/Port-au-Prince',
    });
    expect(expectErrorBody(dup, 409).fields).toEqual({ name_code: 'Ce code pays existe déjà.' });
    const dupName = await callAs(t, 'POST', '/api/generals/countries', root, {
      name_code: 'HX',
      name: 'haïti',
      currency: 'HTG',
      timezone: 'America/Port-au-Prince',
    });
    expect(expectErrorBody(dupName, 409).fields).toEqual({ name: 'Un pays porte déjà ce nom.' });
  });

  it('refuses a file that is not an image, and an image URL that is not the current one', async () => {
    const fake = await form(
      'POST',
      root,
      { name_code: 'BS', name: 'Bahamas', currency: 'BSD', timezone: 'America/Nassau' },
      { flag: { filename: 'flag.png', data: Buffer.from('not an image at all'), contentType: 'image/png' } },
    );
    expect(expectErrorBody(fake, 400).fields?.flag).toBe('Image PNG, JPEG, WebP ou GIF attendue.');
    const foreign = await callAs(t, 'POST', '/api/generals/countries', root, {
      name_code: 'BS',
      name: 'Bahamas',
      currency: 'BSD',
      timezone: 'America/Nassau',
      flag: '/uploads/00000000-0000-0000-0000-000000000000.webp',
    });
    expect(expectErrorBody(foreign, 400).fields?.flag).toBeTruthy();
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM countries WHERE name_code = 'BS'",
    );
    expect(n).toBe(0);
  });

  it('refuses to delete a country a company uses (409), deletes an unused one with its cities', async () => {
    const ht = (await callAs(t, 'GET', '/api/generals/countries?page=1&page_size=100', root))
      .json()
      .results.find((c: { name_code: string }) => c.name_code === 'HT');
    const refused = await callAs(t, 'DELETE', '/api/generals/delete-country', root, { id: ht.id });
    expect(expectErrorBody(refused, 409).message).toMatch(/Impossible de supprimer « Haïti » : 1 compagnie/);

    const c = (
      await callAs(t, 'POST', '/api/generals/countries', root, {
        name_code: 'TC',
        name: 'Îles Turques-et-Caïques',
        currency: 'USD',
        timezone: 'America/Grand_Turk',
      })
    ).json();
    const city = await callAs(t, 'POST', '/api/generals/cities', root, { country_code: 'TC', name: 'Cockburn Town' });
    expect(city.json()).toMatchObject({ name: 'Cockburn Town', country_code: 'TC' });
    expect(
      expectErrorBody(
        await callAs(t, 'POST', '/api/generals/cities', root, { country_code: 'TC', name: 'cockburn town' }),
        409,
      ).fields,
    ).toEqual({ name: 'Cette ville existe déjà dans ce pays.' });
    expect((await callAs(t, 'GET', `/api/generals/countries?id=${c.id}`, root)).json().cities).toHaveLength(1);
    expect((await callAs(t, 'DELETE', `/api/generals/delete-country?id=${c.id}`, root)).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', `/api/generals/countries?id=${c.id}`, root), 404);
    expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-country', root, { id: 999999 }), 404);
    expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-country', root), 400);
  });

  it('refuses to delete a city a sub-branch uses', async () => {
    const [company] = await t.database.raw.query<{ id: number }>('SELECT id FROM companies LIMIT 1');
    const [cityRow] = await t.database.raw.query<{ id: number }>(
      "SELECT ci.id FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE k.name_code = 'HT' AND ci.name = 'Jacmel'",
    );
    await t.database.raw.query("INSERT INTO surcussales (company_id, name, city_id) VALUES ($1, 'Jacmel 1', $2)", [
      company.id,
      cityRow.id,
    ]);
    const refused = await callAs(t, 'DELETE', '/api/generals/cities', root, { id: cityRow.id });
    expect(expectErrorBody(refused, 409).message).toMatch(/1 succursale/);
  });

  it('guards every write with its permission, and the platform prefix with the superuser role', async () => {
    const body = { name_code: 'AG', name: 'Antigua', currency: 'XCD', timezone: 'America/Antigua' };
    expect(expectErrorBody(await callAs(t, 'POST', '/api/generals/countries', viewer, body), 403).code).toBe(
      'PERMISSION_DENIED',
    );
    expectErrorBody(await callAs(t, 'PUT', '/api/generals/countries', viewer, { ...body, id: 1 }), 403);
    expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-country', viewer, { id: 1 }), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/cities', viewer, { country_code: 'HT', name: 'Nouvelle' }),
      403,
    );
    const none = (await asUser(t, { role: 'superuser', permissions: [] })).token;
    expectErrorBody(await callAs(t, 'GET', '/api/generals/countries', none), 403);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/countries', companyAdmin), 403);
    expectErrorBody(await callAs(t, 'POST', '/api/generals/countries', companyAdmin, body), 403);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/countries?page=1', supervisor), 403);
  });

  it('lets company users read the cities of their own country only', async () => {
    const mine = (await callAs(t, 'GET', '/api/generals/cities', companyAdmin)).json();
    expect(mine.length).toBeGreaterThan(20);
    expect(new Set(mine.map((c: { country_code: string }) => c.country_code))).toEqual(new Set(['HT']));
    expect((await callAs(t, 'GET', '/api/generals/cities?country=US', companyAdmin)).json()).toEqual([]);
    const sup = (await callAs(t, 'GET', '/api/generals/cities?country=HT', supervisor)).json();
    expect(sup.length).toBe(mine.length);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/cities?country=Haiti', supervisor), 400);
    const all = (await callAs(t, 'GET', '/api/generals/cities', root)).json();
    expect(new Set(all.map((c: { country_code: string }) => c.country_code)).size).toBeGreaterThanOrEqual(7);
  });

  it('paginates, sorts and exports CSV', async () => {
    const p1 = (
      await callAs(t, 'GET', '/api/generals/countries?page=1&page_size=2&sort=name_code&order=desc', root)
    ).json();
    expect(p1.results).toHaveLength(2);
    expect(p1.count).toBeGreaterThanOrEqual(8);
    const codes = p1.results.map((r: { name_code: string }) => r.name_code);
    expect([...codes].sort().reverse()).toEqual(codes);
    const p2 = (
      await callAs(t, 'GET', '/api/generals/countries?page=2&page_size=2&sort=name_code&order=desc', root)
    ).json();
    expect(p2.results[0].name_code < codes[1]).toBe(true);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/countries?page=1&sort=flag_secret', root), 400);
    // Names sort without regard to accents: « États-Unis » among the E.
    const byName = (await callAs(t, 'GET', '/api/generals/countries?page=1&page_size=100&sort=name', root)).json();
    const names = byName.results.map((r: { name: string }) => r.name);
    expect(names.indexOf('États-Unis')).toBe(names.indexOf('Chili') + 1);
    expect(names.indexOf('France')).toBe(names.indexOf('États-Unis') + 1);
    const csv = await callAs(t, 'GET', '/api/generals/countries?format=csv&search=ha', root);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/pays-.*\.csv/);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFCode;Nom;Devise;Fuseau horaire;Villes;Compagnies;Créé le');
    expect(csv.body).toContain('HT;Haïti;HTG;America/Port-au-Prince;');
  });
});
