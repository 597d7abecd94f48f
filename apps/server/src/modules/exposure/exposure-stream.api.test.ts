import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { createTestDatabase, createUser, describeApi, ENGINE, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';

/**
 * The live stream over real HTTP (issue 22 §1): two app instances on one database (PostgreSQL: two
 * pools; PGlite: two apps on the embedded database), a board client on each; a sale made straight in
 * the database reaches both within a second. Sign-out ends the stream; the per-user cap closes the
 * oldest; no permission is a plain 403 before any stream.
 */
interface Sse {
  events: { event: string; data: string }[];
  headers: Headers;
  status: number;
  closed: Promise<void>;
  abort: () => void;
}

async function openStream(base: string, token: string, query: string): Promise<Sse> {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/companies/exposure/stream?${query}`, {
    headers: { authorization: `Token ${token}`, accept: 'text/event-stream' },
    signal: ac.signal,
  });
  const events: Sse['events'] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const closed = (async () => {
    try {
      for (;;) {
        const { done, value } = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
        if (done) return;
        buf += decoder.decode(value, { stream: true });
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data });
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, headers: res.headers, status: res.status, closed, abort: () => ac.abort() };
}

async function waitFor<T>(fn: () => T | undefined, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeApi('exposure stream (GET /api/companies/exposure/stream)', () => {
  let drop: () => Promise<void>;
  let db1: Database;
  let db2: Database;
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  let co: SellingCompany;
  let token: string;

  beforeAll(async () => {
    const made = await createTestDatabase();
    drop = made.drop;
    db1 = made.database;
    db2 = ENGINE === 'postgres' ? await openPostgres(made.url as string, { max: 5 }) : db1;
    for (const database of [db1, db2]) {
      const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      bases.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      apps.push(app);
    }
    co = await sellingCompany(db1, { agents: 1, tirages: 2 });
    const admin = await createUser(db1, { role: 'company', companyId: co.company.id, fullAccess: true });
    token = (await login(apps[0], admin.username)).accessToken;
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (db2 !== db1) await db2.close();
    await drop?.();
  });

  const boardOf = (s: Sse, number: string) =>
    s.events
      .filter((e) => e.event === 'board')
      .map((e) => JSON.parse(e.data))
      .find((b) => b.rows.some((r: { number: string }) => r.number === number));

  it('pushes a sale to the boards of both instances within a second', async () => {
    const tirage = co.tirages[0].id;
    const streams = await Promise.all(bases.map((b) => openStream(b, token, `tirage_id=${tirage}`)));
    for (const s of streams) {
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.headers.get('x-accel-buffering')).toBe('no');
      await waitFor(() => (s.events.length ? true : undefined), 2000);
      expect(JSON.parse(s.events[0].data)).toMatchObject({ tirage_id: tirage, numbers: 0 });
    }
    for (const number of ['42', '43']) {
      await sell(db1.raw, {
        companyId: co.company.id,
        agentId: co.agents[0].id,
        tirages: [tirage],
        lines: [{ code: 20, number, stake: 2500 }],
      });
      // From the sale's commit (its own time is the sale's, not the board's).
      const started = Date.now();
      for (const s of streams) {
        const board = await waitFor(() => boardOf(s, number), 1000);
        expect(board.rows.find((r: { number: string }) => r.number === number)).toMatchObject({ sold: 2500 });
      }
      expect(Date.now() - started).toBeLessThan(1000);
    }
    for (const s of streams) s.abort();
  });

  it('ends the streams of a draw deleted while they watch it; the other boards go on', async () => {
    const [kept, gone] = [co.tirages[0].id, co.tirages[1].id];
    const [watchGone, watchKept] = await Promise.all([
      openStream(bases[0], token, `tirage_id=${gone}`),
      openStream(bases[0], token, `tirage_id=${kept}`),
    ]);
    await waitFor(() => (watchGone.events.length && watchKept.events.length ? true : undefined), 2000);
    await db1.raw.query('DELETE FROM tirages WHERE id = $1', [gone]);
    const end = await waitFor(() => watchGone.events.find((e) => e.event === 'end'), 8000);
    expect(JSON.parse(end.data).message).toBe('Tirage introuvable.');
    await watchGone.closed;
    await sell(db1.raw, {
      companyId: co.company.id,
      agentId: co.agents[0].id,
      tirages: [kept],
      lines: [{ code: 20, number: '77', stake: 1000 }],
    });
    await waitFor(() => boardOf(watchKept, '77'), 2000);
    watchKept.abort();
  }, 30_000);

  it('ends the stream on sign-out, caps a user’s streams, refuses without the permission', async () => {
    const user = await createUser(db1, { role: 'company', companyId: co.company.id, fullAccess: true });
    const mine = (await login(apps[0], user.username)).accessToken;
    const first = await openStream(bases[0], mine, '');
    await waitFor(() => (first.events.length ? true : undefined), 2000);
    const more: Sse[] = [];
    for (let i = 0; i < 5; i++) more.push(await openStream(bases[0], mine, ''));
    await waitFor(() => (first.events.some((e) => e.event === 'end') ? true : undefined), 2000);
    await first.closed;
    const out = await fetch(`${bases[1]}/api/user/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Token ${mine}` },
    });
    expect(out.status).toBeLessThan(300);
    await waitFor(() => (more.every((s) => s.events.some((e) => e.event === 'end')) ? true : undefined), 8000);
    const sup = await createUser(db1, {
      role: 'supervisor',
      companyId: co.company.id,
      permissions: ['view_statistique'],
    });
    const supToken = (await login(apps[0], sup.username)).accessToken;
    const denied = await fetch(`${bases[0]}/api/companies/exposure/stream`, {
      headers: { authorization: `Token ${supToken}` },
    });
    expect(denied.status).toBe(403);
    expect((await denied.json()).code).toBe('PERMISSION_DENIED');
  }, 30_000);
});
