import type { FicheView } from '@borlette/shared/contracts/fiches';
import { ticketEscpos } from '@borlette/shared/receipt/escpos';
import { copyOf, ticketReceipt } from '@borlette/shared/receipt/model';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 18 §1: an agent's ticket as ESC/POS bytes and as a receipt-width PDF. Only the agent's own
 * tickets; the bytes are the shared renderer's (the POS prints the same); reading counts nothing, a
 * copy is declared by POST reprint and then reads « COPIE n ».
 */
describeApi('receipt renderings (ESC/POS, PDF)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  const tokens: Record<'seller' | 'colleague' | 'foreign' | 'admin' | 'noPerm', string> = {
    seller: '',
    colleague: '',
    foreign: '',
    admin: '',
    noPerm: '',
  };
  let ticket: { id: number };
  let foreignTicket: { id: number };
  const HOST = 'pos.test';

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth(token), host: HOST } });
  const fiche = async (id: number) =>
    (await callAs(t, 'GET', `/api/agents/fiche?id=${id}`, tokens.seller)).json() as FicheView;
  const expected = async (id: number, width: 58 | 80) => {
    const f = await fiche(id);
    return Buffer.from(ticketEscpos(ticketReceipt(f, `http://${HOST}`, { copy: copyOf(f) }), width));
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 2 });
    other = await sellingCompany(t.database);
    const raw = t.database.raw;
    ticket = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[0]!.id,
      tirages: c.tirages.map((x) => x.id),
      lines: [
        { code: 20, number: '23', stake: 1000 },
        { code: 40, number: '12*34', stake: 500 },
        { code: 41, number: '1234', stake: 250 },
      ],
    });
    foreignTicket = await sell(raw, {
      companyId: other.company.id,
      agentId: other.agents[0]!.id,
      tirages: [other.tirages[0]!.id],
      lines: [{ code: 20, number: '11', stake: 100 }],
    });
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    // An agent always holds the pos_* codenames (http/auth.ts): the missing permission is a back-office
    // user's, even one who may see and pay tickets at the office.
    const noPerm = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_fichevente', 'pay_fiche'],
    });
    tokens.seller = (await login(t.app, c.agents[0]!.username)).accessToken;
    tokens.colleague = (await login(t.app, c.agents[1]!.username)).accessToken;
    tokens.foreign = (await login(t.app, other.agents[0]!.username)).accessToken;
    tokens.admin = (await login(t.app, admin.username)).accessToken;
    tokens.noPerm = (await login(t.app, noPerm.username)).accessToken;
  });
  afterAll(() => t?.close());

  it('answers the ESC/POS bytes of the agent’s own ticket, 58 mm by default', async () => {
    const res = await get(tokens.seller, `/api/agents/fiches/escpos?id=${ticket.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.equals(await expected(ticket.id, 58))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from(`http://${HOST}/fiche-view/`))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('COPIE'))).toBe(false);

    const wide = await get(tokens.seller, `/api/agents/fiches/escpos?id=${ticket.id}&width=80`);
    expect(wide.statusCode).toBe(200);
    expect(wide.rawPayload.equals(await expected(ticket.id, 80))).toBe(true);
    expect(wide.rawPayload.equals(res.rawPayload)).toBe(false);
  });

  it('answers a receipt-width PDF with the same ticket', async () => {
    for (const [width, points] of [
      [58, '164.4'],
      [80, '226.7'],
    ] as const) {
      const res = await get(tokens.seller, `/api/agents/fiches/pdf?id=${ticket.id}&width=${width}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1')).toMatch(new RegExp(`/MediaBox \\[0 0 ${points.replace('.', '\\.')}`));
    }
  });

  it('reading counts nothing; after a reprint the bytes say « COPIE 2 »', async () => {
    await get(tokens.seller, `/api/agents/fiches/escpos?id=${ticket.id}`);
    expect((await fiche(ticket.id)).print_count).toBe(1);
    const reprint = await callAs(t, 'POST', '/api/agents/fiches/reprint', tokens.seller, { id: ticket.id });
    expect(reprint.statusCode, reprint.body).toBe(200);
    const res = await get(tokens.seller, `/api/agents/fiches/escpos?id=${ticket.id}`);
    expect(res.rawPayload.includes(Buffer.from('*** COPIE 2 ***'))).toBe(true);
    expect(res.rawPayload.equals(await expected(ticket.id, 58))).toBe(true);
  });

  it('another agent’s ticket, another company’s: 404', async () => {
    for (const path of ['escpos', 'pdf']) {
      expectErrorBody(await get(tokens.colleague, `/api/agents/fiches/${path}?id=${ticket.id}`), 404);
      expectErrorBody(await get(tokens.foreign, `/api/agents/fiches/${path}?id=${ticket.id}`), 404);
      expectErrorBody(await get(tokens.seller, `/api/agents/fiches/${path}?id=${foreignTicket.id}`), 404);
    }
  });

  it('a back-office user (admin, or a supervisor without pos_sell): 403', async () => {
    for (const path of ['escpos', 'pdf']) {
      expectErrorBody(await get(tokens.admin, `/api/agents/fiches/${path}?id=${ticket.id}`), 403);
      expectErrorBody(await get(tokens.noPerm, `/api/agents/fiches/${path}?id=${ticket.id}`), 403);
    }
  });

  it('a bad width or id: 400 in French', async () => {
    for (const path of ['escpos', 'pdf']) {
      const bad = expectErrorBody(await get(tokens.seller, `/api/agents/fiches/${path}?id=${ticket.id}&width=57`), 400);
      expect(bad.message).toContain('58 ou 80');
      expectErrorBody(await get(tokens.seller, `/api/agents/fiches/${path}?id=abc`), 400);
      expectErrorBody(await get(tokens.seller, `/api/agents/fiches/${path}`), 400);
    }
  });

  it('parallel reads and reprints: every read is a whole receipt, the count ends exact', async () => {
    const reads = Array.from({ length: 4 }, () => get(tokens.seller, `/api/agents/fiches/escpos?id=${ticket.id}`));
    const reprints = Array.from({ length: 3 }, () =>
      callAs(t, 'POST', '/api/agents/fiches/reprint', tokens.seller, { id: ticket.id }),
    );
    const answers = await Promise.all([...reads, ...reprints]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    for (const res of answers.slice(0, 4)) expect(res.rawPayload.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
    expect((await fiche(ticket.id)).print_count).toBe(5);
  });
});
