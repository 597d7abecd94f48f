import { receiptAmount } from '@borlette/shared/receipt/escpos-doc';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  callAs,
  createTestApp,
  createUser,
  describeApi,
  ENGINE,
  login,
  type TestContext,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';

/**
 * Issue 18 review: the new agent endpoints (receipt bytes and PDF, check, closing) under hostile input.
 * Never a 500, never another agent's data, never a control byte from a name reaching the printer.
 */
describeApi('issue 18 surface under attack', () => {
  let t: TestContext;
  let c: SellingCompany;
  let token = '';
  let superToken = '';
  let ticket: { id: number };
  const get = (tok: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(tok) });

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { tirages: 2 });
    const raw = t.database.raw;
    // Names an admin may type (or paste) with printer commands in them: reset, cut, NUL, code page.
    const evil = (s: string) => `${s}\x1b@\x1dVA\x1bt\x02\n\r\t\x7f\u0085\u009b😀中`;
    await raw.query('UPDATE companies SET name = $2 WHERE id = $1', [c.company.id, evil('Acme')]);
    await raw.query('UPDATE surcussales SET name = $2 WHERE id = $1', [c.surcussaleId, evil('Sud')]);
    await raw.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [
      c.agents[0]!.id,
      evil('Jean'),
      'W'.repeat(60),
    ]);
    await raw.query('UPDATE tirages SET name = $2 WHERE id = $1', [c.tirages[0]!.id, evil('Midi')]);
    ticket = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[0]!.id,
      tirages: c.tirages.map((x) => x.id),
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });
    token = (await login(t.app, c.agents[0]!.username)).accessToken;
    const su = await createUser(t.database, { role: 'superuser' } as never);
    superToken = (await login(t.app, su.username)).accessToken;
  });
  afterAll(() => t?.close());

  const count = (buf: Buffer, seq: number[]) => {
    let n = 0;
    for (let i = buf.indexOf(Buffer.from(seq)); i >= 0; i = buf.indexOf(Buffer.from(seq), i + 1)) n++;
    return n;
  };

  it('names with ESC/GS/NUL reach the printer as text only: one reset, one cut, one code page', async () => {
    for (const width of [58, 80]) {
      const res = await get(token, `/api/agents/fiches/escpos?id=${ticket.id}&width=${width}`);
      expect(res.statusCode, res.body).toBe(200);
      const b = res.rawPayload;
      expect(count(b, [0x1b, 0x40])).toBe(1);
      expect(count(b, [0x1d, 0x56])).toBe(1);
      expect(count(b, [0x1b, 0x74, 0x02])).toBe(0);
      expect(b.includes(Buffer.from('\r'))).toBe(false);
      expect(b.includes(Buffer.from('ACME@VA'))).toBe(true);
      const pdf = await get(token, `/api/agents/fiches/pdf?id=${ticket.id}&width=${width}`);
      expect(pdf.statusCode, pdf.body).toBe(200);
    }
  });

  it('a long or odd Host (the QR link is built from it): 400 in French, never a 500 nor a link elsewhere', async () => {
    const hostile = [`${'a'.repeat(3000)}.test`, `${'a'.repeat(7000)}.test`, 'evil.example/phish?x=', 'a b.test'];
    const fine = `${`${'a'.repeat(63)}.`.repeat(3)}test:8080`;
    for (const path of ['escpos', 'pdf']) {
      const at = (host: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/agents/fiches/${path}?id=${ticket.id}`,
          headers: { ...auth(token), host },
        });
      for (const host of hostile) {
        const res = await at(host);
        expect(res.statusCode, `${path} ${host.slice(0, 30)}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().message).toContain('Adresse du serveur invalide');
      }
      const ok = await at(fine);
      expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    }
  });

  it('a ticket whose amounts were pushed past 2^53 (by hand: the sale caps them far below) never answers a 500', async () => {
    const raw = t.database.raw;
    const f = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[0]!.id,
      tirages: [c.tirages[1]!.id],
      lines: [{ code: 20, number: '45', stake: 100 }],
    });
    const big = (2n ** 53n + 1n).toString();
    await raw.query('UPDATE fiches SET amount = $2::bigint WHERE id = $1', [f.id, big]);
    for (const path of ['escpos', 'pdf']) {
      const res = await get(token, `/api/agents/fiches/${path}?id=${f.id}`);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const bytes = await get(token, `/api/agents/fiches/escpos?id=${f.id}`);
    if (bytes.statusCode === 200) expect(bytes.rawPayload.includes(Buffer.from(receiptAmount(big)))).toBe(true);
  });

  it('behind a trusted proxy, a forwarded protocol other than http(s) never makes the link (400)', async () => {
    const proxied = await buildApp({
      database: t.database,
      config: testConfig({ webDist: '/nonexistent', trustProxy: true }),
    });
    try {
      await proxied.ready();
      for (const proto of ['javascript', 'file', 'https', 'http']) {
        const res = await proxied.inject({
          method: 'GET',
          url: `/api/agents/fiches/escpos?id=${ticket.id}`,
          headers: { ...auth(token), 'x-forwarded-proto': proto, 'x-forwarded-host': 'pos.example' },
        });
        if (proto.startsWith('http')) {
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
          expect(res.rawPayload.includes(Buffer.from(`${proto}://pos.example/fiche-view/`))).toBe(true);
        } else expect(res.statusCode, `${proto}: ${res.body.slice(0, 200)}`).toBe(400);
      }
    } finally {
      await proxied.close();
    }
  });

  it('parallel reprints: each one counted and audited once, the copies numbered without a gap', async () => {
    const raw = t.database.raw;
    const f = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[0]!.id,
      tirages: [c.tirages[1]!.id],
      lines: [{ code: 20, number: '67', stake: 100 }],
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callAs(t, 'POST', '/api/agents/fiches/reprint', token, { id: f.id })),
    );
    for (const res of answers) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const audited = await raw.query<{ n: number }>(
      "SELECT (after->>'print_count')::int AS n FROM audit_log WHERE action = 'reprint' AND entity = 'fiche' AND entity_id = $1 ORDER BY 1",
      [f.id],
    );
    expect(audited.map((r) => r.n)).toEqual([2, 3, 4, 5, 6, 7]);
    const last = await get(token, `/api/agents/fiches/escpos?id=${f.id}`);
    expect(last.rawPayload.includes(Buffer.from('*** COPIE 7 ***'))).toBe(true);
  });

  it('hostile ids: 400 or 404, never a 500', async () => {
    const ids = [
      '2147483648',
      '9007199254740991',
      '9007199254740993',
      '1e400',
      '-1',
      '0',
      '1.5',
      '0x10',
      '%00',
      '9'.repeat(400),
      `${ticket.id}&id=${ticket.id}`,
    ];
    for (const path of ['escpos', 'pdf']) {
      for (const id of ids) {
        const res = await get(token, `/api/agents/fiches/${path}?id=${id}`);
        expect([400, 404], `${path} ${id}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }
      for (const w of ['57', '58.0', '', '80&width=58', '%00']) {
        const res = await get(token, `/api/agents/fiches/${path}?id=${ticket.id}&width=${w}`);
        expect([200, 400], `${path} width=${w}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }
    }
  });

  it('a cancelled or paid ticket still renders (marked), a superuser gets 403', async () => {
    await t.database.raw.query("UPDATE fiches SET status = 'annule' WHERE id = $1", [ticket.id]).catch(() => {});
    const res = await get(token, `/api/agents/fiches/escpos?id=${ticket.id}`);
    expect([200, 404], res.body.slice(0, 200)).toContain(res.statusCode);
    for (const url of [
      `/api/agents/fiches/escpos?id=${ticket.id}`,
      `/api/agents/fiches/pdf?id=${ticket.id}`,
      '/api/agents/closing',
    ])
      expect((await get(superToken, url)).statusCode, url).toBe(403);
    const chk = await callAs(t, 'POST', '/api/agents/fiches/check', superToken, {
      tirages: [c.tirages[0]!.id],
      lines: [{ code: 20, number: '12', stake: 100 }],
    });
    expect(chk.statusCode).toBe(403);
  });

  it('closing: odd dates are 400 in French, leap days and names with control bytes are fine', async () => {
    for (const d of ['0001-01-01', '9999-12-31', '2023-02-29', '2026-13-01', '2026-1-1', 'x', '%00', '2024-02-30']) {
      const res = await get(token, `/api/agents/closing?date=${d}`);
      expect(res.statusCode, `${d}: ${res.body.slice(0, 200)}`).toBe(400);
    }
    for (const d of ['2024-02-29', '2000-01-01', c.today]) {
      const res = await get(token, `/api/agents/closing?date=${d}`);
      expect(res.statusCode, `${d}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  // PGlite has one connection: a held transaction would hold every other statement too.
  it.skipIf(ENGINE !== 'postgres')(
    'the check answers while a result entry holds the draw exclusively (it takes no lock; a sale would wait)',
    async () => {
      const d = c.tirages[1]!.id;
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const tx = t.database.transaction(async (raw) => {
        await raw.query('SELECT borlette_lock_draws($1::bigint[], true)', [[d]]);
        locked();
        await held;
      });
      await isLocked;
      const started = Date.now();
      const res = await callAs(t, 'POST', '/api/agents/fiches/check', token, {
        tirages: [d],
        lines: [{ code: 20, number: '12', stake: 100 }],
      });
      const ms = Date.now() - started;
      release();
      await tx;
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(ms).toBeLessThan(2000);
    },
  );

  it('check: ids past 2^31 and 2^53, stakes past 2^53, unicode numbers: 4xx, never a 500', async () => {
    const d = c.tirages[0]!.id;
    for (const body of [
      { tirages: [2147483648], lines: [{ code: 20, number: '12', stake: 100 }] },
      { tirages: [9007199254740991], lines: [{ code: 20, number: '12', stake: 100 }] },
      { tirages: [d], lines: [{ code: 20, number: '12', stake: '9007199254740993' }] },
      { tirages: [d], lines: [{ code: 20, number: '１２', stake: 100 }] },
      { tirages: [d], lines: [{ code: 20, number: '\u0000\u001b', stake: 100 }] },
      { tirages: [d, d, d], lines: [{ code: 20, number: '12', stake: 100 }] },
      { tirages: [d], lines: [{ code: 2147483648, number: '12', stake: 100 }] },
    ]) {
      const res = await callAs(t, 'POST', '/api/agents/fiches/check', token, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    }
  });
});
