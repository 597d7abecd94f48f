import http from 'node:http';
import net from 'node:net';
import { expect, it } from 'vitest';
import { PASSWORD, seedFixtures } from '../../test/fixtures/crash.fixtures';
import { randomSale } from '../../test/harness/crash-sales';
import {
  createScratchDatabase,
  login,
  request,
  sleep,
  startServer,
  stopServer,
} from '../../test/harness/server-process';
import { describeApi, ENGINE } from '../../test/helpers';
import { halfWritten, totalHalfWritten } from '../../test/oracles/invariants.oracle';

/**
 * Graceful shutdown of the real server (its own process, this project's engine): a sale is in flight
 * (its body still arriving) when SIGTERM comes. New connections must be refused at once, the sale must
 * complete with 200, the process must exit 0 well within its 10 s limit, and the database must reopen
 * cleanly with the ticket in it (PGlite: the folder is closed properly, no recovery).
 */

/** Resolves when a new TCP connection to the port is refused (the listener is closed). */
async function untilRefused(port: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await sleep(25);
  }
  return false;
}

describeApi(`graceful shutdown (${ENGINE}, server in its own process)`, () => {
  it('SIGTERM lets the in-flight sale finish, refuses new connections, exits 0; the database reopens cleanly', async () => {
    const scratch = await createScratchDatabase(ENGINE, 'shutdown');
    try {
      const fx = await (async () => {
        const db = await scratch.open();
        try {
          return await seedFixtures(db.raw, { agents: 1, settleLines: 0 });
        } finally {
          await db.close();
        }
      })();
      const server = await startServer(scratch.env);
      try {
        const token = await login(server.port, fx.agents[0], PASSWORD);
        // An idle keep-alive connection (a POS between two sales): closed by the shutdown, never waited for.
        const idle = new http.Agent({ keepAlive: true });
        expect((await request(server.port, 'GET', '/api/health', { agent: idle })).status).toBe(200);
        // The sale's own keep-alive connection: once answered, it must not hold the process either.
        const agent = new http.Agent({ keepAlive: true });

        // The in-flight request: a sale whose body arrives in two parts, SIGTERM in between.
        const sale = randomSale(fx.saleTirages);
        sale.lines = sale.lines.filter((l) => l.number !== '07');
        const payload = Buffer.from(JSON.stringify(sale));
        let answered = false;
        const req = http.request({
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/agents/fiches',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': payload.length,
            authorization: `Token ${token}`,
          },
        });
        const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
          req.on('response', (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => {
              answered = true;
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
            });
          });
          req.on('error', reject);
        });
        req.write(payload.subarray(0, 10));
        await sleep(500); // the server has the request's head and waits for the rest of its body

        const sigterm = performance.now();
        server.kill('SIGTERM');
        expect(await untilRefused(server.port, 5000)).toBe(true);
        const refusedMs = performance.now() - sigterm;
        await sleep(300);
        expect(answered).toBe(false); // still in flight, the process still running
        expect(server.child.exitCode).toBeNull();

        req.end(payload.subarray(10));
        const res = await answer;
        expect(res.status, res.body).toBe(200);
        const ticket = JSON.parse(res.body) as { number: number; replayed: boolean };
        expect(ticket.replayed).toBe(false);

        const exit = await Promise.race([server.exited, sleep(12_000).then(() => null)]);
        const exitMs = performance.now() - sigterm;
        agent.destroy();
        idle.destroy();
        console.log(
          `[${ENGINE}] SIGTERM: new connections refused after ${Math.round(refusedMs)} ms, in-flight sale answered 200, exit ${exit?.code} after ${Math.round(exitMs)} ms`,
        );
        expect(exit, server.output()).toEqual({ code: 0, signal: null });
        expect(exitMs).toBeLessThan(10_000);

        // The database reopens directly (for PGlite: the folder was closed cleanly), the ticket in it once.
        const db = await scratch.open();
        try {
          const rows = await db.raw.query<{ number: number }>(
            'SELECT number FROM fiches WHERE company_id = $1 AND idempotency_key = $2',
            [fx.companyId, sale.idempotency_key],
          );
          expect(rows).toEqual([{ number: ticket.number }]);
          expect(totalHalfWritten(await halfWritten(db.raw, fx.companyId))).toBe(0);
        } finally {
          await db.close();
        }
        // And a new server starts on it, ready, and replays the sale.
        const again = await startServer(scratch.env);
        try {
          expect((await request(again.port, 'GET', '/api/ready')).status).toBe(200);
          const replay = await request(again.port, 'POST', '/api/agents/fiches', { body: sale, token });
          expect(replay.status).toBe(200);
          expect(replay.body).toMatchObject({ number: ticket.number, replayed: true });
        } finally {
          expect(await stopServer(again, 'SIGTERM')).toEqual({ code: 0, signal: null });
        }
      } finally {
        server.kill('SIGKILL');
        await server.exited;
      }
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});
