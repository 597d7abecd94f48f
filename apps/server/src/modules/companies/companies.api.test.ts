import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, n, newCompany, root, setupCompanies, t, viewer } from '../../../test/fixtures/companies.fixtures';
import { callAs, createCompany, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';
import { smallPng } from '../../../test/multipart-body';

/**
 * Creation, update and the list; the admin's password, block, delete and who may use these routes
 * are in companies-lifecycle.api.test.ts.
 */
describeApi('companies (platform)', () => {
  beforeAll(setupCompanies);
  afterAll(() => t?.close());

  describe('creation', () => {
    it('creates the company, its settings and a working admin login, with defaults from the country', async () => {
      const png = await smallPng(800, 600);
      const input = newCompany({ phone: '+509 3700 1111', email: 'Contact@Borlette.HT', address: 'Rue Capois' });
      const res = await form('POST', root, input, {
        logo: { filename: 'logo.png', data: png, contentType: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      const c = res.json();
      expect(c).toMatchObject({
        name: input.name,
        country_code: 'HT',
        country_name: 'Haïti',
        timezone: 'America/Port-au-Prince',
        currency: 'HTG',
        phone: '+509 3700 1111',
        email: 'contact@borlette.ht',
        status: 'active',
        agents_count: 0,
        users_count: 0,
        admin_username: input.admin_username,
        admin_first_name: 'Marie',
      });
      expect(c.ref_code).toMatch(/^[A-Z2-9]{6}$/);
      expect(c.logo).toMatch(/^\/uploads\/.+\.webp$/);
      expect(JSON.stringify(c)).not.toMatch(/motdepasse|password/);
      const [file] = await t.database.raw.query<{ width: number; company_id: number }>(
        'SELECT width, company_id FROM files WHERE id = $1',
        [c.logo.slice(9, 45)],
      );
      expect(file).toEqual({ width: 512, company_id: c.id });

      const settings = await t.database.raw.query(
        'SELECT commission_bp, cancel_window_minutes FROM company_settings WHERE company_id = $1',
        [c.id],
      );
      expect(settings).toEqual([{ commission_bp: 1000, cancel_window_minutes: 10 }]);

      const session = await login(t.app, input.admin_username, input.admin_password);
      expect(session.role).toBe('company');
      const me = (await callAs(t, 'GET', '/api/companies/user', session.accessToken)).json();
      expect(me.company).toMatchObject({ ref_code: c.ref_code, companyname: input.name, currency: 'HTG' });
      expect(me.perms.length).toBeGreaterThan(50);

      const audit = await t.database.raw.query<{ action: string; after: Record<string, unknown> }>(
        "SELECT action, after FROM audit_log WHERE entity = 'company' AND entity_id = $1",
        [String(c.id)],
      );
      expect(audit).toHaveLength(1);
      expect(audit[0].after.admin_password).toBe('[masqué]');
    });

    it('takes the time zone and currency of another country, or the ones given', async () => {
      const us = (await callAs(t, 'POST', '/api/generals/compagnies', root, newCompany({ country_code: 'us' }))).json();
      expect(us).toMatchObject({ country_code: 'US', timezone: 'America/New_York', currency: 'USD' });
      const [miami] = await t.database.raw.query<{ id: number }>(
        "SELECT ci.id FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE k.name_code = 'US' AND ci.name = 'Miami'",
      );
      const fl = (
        await callAs(
          t,
          'POST',
          '/api/generals/compagnies',
          root,
          newCompany({ country_code: 'US', city_id: miami.id, timezone: 'America/Chicago', currency: 'HTG' }),
        )
      ).json();
      expect(fl).toMatchObject({ city_name: 'Miami', timezone: 'America/Chicago', currency: 'HTG' });
    });

    it('refuses bad input with French messages per field', async () => {
      const bad = await callAs(t, 'POST', '/api/generals/compagnies', root, {
        name: 'X',
        country_code: 'Haiti',
        timezone: 'Nowhere/City',
        currency: 'GOLD',
        email: 'pas-un-email',
        admin_username: 'a b',
        admin_password: 'court',
      });
      const body = expectErrorBody(bad, 400);
      expect(body.fields).toMatchObject({
        name: 'Le nom doit compter 2 caractères au moins',
        country_code: 'Code pays ISO 3166-1 à 2 lettres attendu (ex. HT)',
        timezone: 'Fuseau horaire IANA inconnu (ex. America/Port-au-Prince)',
        email: 'Adresse e-mail invalide',
        admin_username: 'Lettres, chiffres et . _ - @ seulement (sans espace ni accent)',
        admin_password: 'Le mot de passe doit compter 8 caractères au moins',
        admin_first_name: 'Le prénom de l’admin est requis',
      });
      expect(body.fields?.currency).toMatch(/ISO 4217/);
      expect(
        expectErrorBody(
          await callAs(t, 'POST', '/api/generals/compagnies', root, newCompany({ country_code: 'ZZ' })),
          400,
        ).fields,
      ).toEqual({ country_code: 'Pays introuvable.' });
      const [santiagoCl] = await t.database.raw.query<{ id: number }>(
        "SELECT ci.id FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE k.name_code = 'CL' AND ci.name = 'Santiago'",
      );
      expect(
        expectErrorBody(
          await callAs(t, 'POST', '/api/generals/compagnies', root, newCompany({ city_id: santiagoCl.id })),
          400,
        ).fields,
      ).toEqual({ city_id: 'Ville inconnue dans ce pays.' });
    });

    it('answers 409 on the username field when the admin username is taken (any role, any case)', async () => {
      const other = await createUser(t.database, { role: 'superuser' });
      const dup = await callAs(
        t,
        'POST',
        '/api/generals/compagnies',
        root,
        newCompany({ admin_username: other.username.toUpperCase() }),
      );
      expect(expectErrorBody(dup, 409).fields).toEqual({ admin_username: 'Ce nom d’utilisateur est déjà pris.' });
      const [{ count }] = await t.database.raw.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM companies WHERE name = $1',
        [`Borlette ${n}`],
      );
      expect(count).toBe(0);
    });

    it('refuses a logo that is not an image (nothing created)', async () => {
      const input = newCompany();
      const res = await form('POST', root, input, {
        logo: { filename: 'logo.png', data: Buffer.from('hello, I am text'), contentType: 'image/png' },
      });
      expect(expectErrorBody(res, 400).fields).toEqual({ logo: 'Image PNG, JPEG, WebP ou GIF attendue.' });
      const rows = await t.database.raw.query('SELECT 1 FROM users WHERE username = $1', [input.admin_username]);
      expect(rows).toHaveLength(0);
    });
  });

  it('updates the company and its admin names, keeps or replaces the logo', async () => {
    const png = await smallPng();
    const c = (
      await form('POST', root, newCompany(), { logo: { filename: 'a.png', data: png, contentType: 'image/png' } })
    ).json();
    const base = {
      id: c.id,
      name: 'Nouveau nom',
      country_code: 'HT',
      timezone: c.timezone,
      currency: c.currency,
      admin_first_name: 'Paul',
      admin_last_name: 'Pierre',
      admin_username: c.admin_username,
    };
    const kept = await form('PUT', root, { ...base, logo: c.logo });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Nouveau nom', logo: c.logo, admin_first_name: 'Paul' });
    const replaced = (
      await form('PUT', root, base, {
        logo: { filename: 'b.png', data: await smallPng(10, 10), contentType: 'image/png' },
      })
    ).json();
    expect(replaced.logo).not.toBe(c.logo);
    const removed = (await form('PUT', root, base)).json();
    expect(removed.logo).toBeNull();
    const forged = await callAs(t, 'PUT', '/api/generals/compagnies', root, {
      ...base,
      logo: '/uploads/00000000-0000-0000-0000-000000000000.webp',
    });
    expect(expectErrorBody(forged, 400).fields).toEqual({ logo: 'Envoyez une image.' });
    // The ref_code never changes; the admin's username is unique on update too.
    const taken = await createUser(t.database, { role: 'company', companyId: (await createCompany(t.database)).id });
    expect(
      expectErrorBody(
        await callAs(t, 'PUT', '/api/generals/compagnies', root, { ...base, admin_username: taken.username }),
        409,
      ).fields,
    ).toEqual({ admin_username: 'Ce nom d’utilisateur est déjà pris.' });
    expectErrorBody(await callAs(t, 'PUT', '/api/generals/compagnies', root, { ...base, id: 999999 }), 404);
    // Without the admin's fields, the admin is left as it is.
    const { admin_first_name: _f, admin_last_name: _l, admin_username: _u, ...companyOnly } = base;
    const untouched = await callAs(t, 'PUT', '/api/generals/compagnies', root, {
      ...companyOnly,
      phone: '+1 305 555 0100',
    });
    expect(untouched.json()).toMatchObject({
      phone: '+1 305 555 0100',
      admin_first_name: 'Paul',
      admin_username: c.admin_username,
    });
    const read = (await callAs(t, 'GET', `/api/generals/compagnies?id=${c.id}`, viewer)).json();
    expect(read).toMatchObject({ ref_code: c.ref_code, name: 'Nouveau nom', admin_last_name: 'Pierre' });
  });

  it('lists the companies of the selected country, with filters, search, pagination and CSV', async () => {
    const tag = `Filtre${process.pid}`;
    for (const [code, name] of [
      ['HT', `${tag} Alpha`],
      ['HT', `${tag} Bêta`],
      ['DO', `${tag} Gamma`],
    ] as const) {
      await callAs(t, 'POST', '/api/generals/compagnies', root, newCompany({ name, country_code: code }));
    }
    const all = (
      await callAs(t, 'GET', `/api/generals/compagnies?search=${encodeURIComponent(tag.toLowerCase())}`, root)
    ).json();
    expect(all.count).toBe(3);
    const alpha = all.results.find((r: { name: string }) => r.name.endsWith('Alpha'));
    await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: alpha.id, blocked: true });
    const blocked = (await callAs(t, 'GET', `/api/generals/compagnies?search=${tag}&status=blocked`, root)).json();
    expect(blocked.results.map((r: { name: string }) => r.name)).toEqual([`${tag} Alpha`]);
    const dom = (await callAs(t, 'GET', `/api/generals/compagnies?search=${tag}&country=do`, root)).json();
    expect(dom.results.map((r: { name: string }) => r.name)).toEqual([`${tag} Gamma`]);

    // The top bar's country choice filters the list (and the selector).
    await callAs(t, 'POST', '/api/generals/country', root, { country_code: 'DO' });
    const selected = (await callAs(t, 'GET', `/api/generals/compagnies?search=${tag}`, root)).json();
    expect(selected.results.map((r: { country_code: string }) => r.country_code)).toEqual(['DO']);
    const simple = (await callAs(t, 'GET', '/api/generals/simple-compagnies', root)).json();
    expect(simple.map((s: { companyname: string }) => s.companyname)).toContain(`${tag} Gamma`);
    expect(simple.map((s: { companyname: string }) => s.companyname)).not.toContain(`${tag} Bêta`);
    expect(Object.keys(simple[0]).sort()).toEqual(['companyname', 'ref_code', 'user_photo']);
    await callAs(t, 'POST', '/api/generals/country', root, { country_code: 'ALL' });

    const p1 = (
      await callAs(t, 'GET', `/api/generals/compagnies?search=${tag}&page_size=2&sort=name&order=desc`, root)
    ).json();
    expect(p1).toMatchObject({ count: 3, page_size: 2 });
    expect(p1.results.map((r: { name: string }) => r.name)).toEqual([`${tag} Gamma`, `${tag} Bêta`]);
    const p2 = (
      await callAs(t, 'GET', `/api/generals/compagnies?search=${tag}&page_size=2&page=2&sort=name&order=desc`, root)
    ).json();
    expect(p2.results.map((r: { name: string }) => r.name)).toEqual([`${tag} Alpha`]);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/compagnies?sort=password', root), 400);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/compagnies?status=archived', root), 400);

    const csv = await callAs(t, 'GET', `/api/generals/compagnies?search=${tag}&format=csv&sort=name`, root);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/compagnies-.*\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFCode;Nom;Pays;Ville;Fuseau horaire;Devise;Téléphone;E-mail;Adresse;Statut;Vendeurs;Admin;Créée le',
    );
    expect(lines.filter((l) => l.includes(tag))).toHaveLength(3);
    expect(csv.body).toContain(`${tag} Alpha;Haïti;;America/Port-au-Prince;HTG;;;;bloquée;0;`);
  });
});
