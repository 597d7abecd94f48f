import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RawClient } from '../../src/db/client';
import { CORRECTION, PASSWORD, RESULT, seedFixtures } from '../fixtures/crash.fixtures';
import {
  type DrawState,
  drawState,
  type HalfWritten,
  halfWritten,
  totalHalfWritten,
} from '../oracles/invariants.oracle';
import { checkSales, eachLimited, type JournalEntry, type SalesCheck, sellUntilKilled } from './crash-sales';
import {
  createScratchDatabase,
  type Engine,
  login,
  request,
  type ScratchDatabase,
  type ServerProcess,
  settleBackends,
  sleep,
  startServer,
  stopServer,
} from './server-process';

/**
 * Crash safety, with the real server in its own process and a real SIGKILL:
 *  1. agents sell through HTTP; the server is killed at a random moment; every sale the client saw
 *     acknowledged must be in the database exactly once, nothing half-written anywhere (lines, draws,
 *     ledger, limit counters, summaries); after a restart, the same idempotency key answers the same
 *     ticket (replayed), and a sale whose answer was lost is retried into exactly one ticket;
 *  2. a result is entered on a draw with many lines and the server is killed while it settles: after
 *     the restart the draw is settled completely or not at all, and entering the result again settles
 *     it exactly as the pure rules say.
 * Used by apps/server/src/ops/crash.api.test.ts (reduced) and scripts/crash-test.mjs (full size).
 */

export interface CrashOptions {
  engine: Engine;
  /** Agents selling at once. */
  agents?: number;
  /** The kill comes after at least this many acknowledged sales… */
  minAcks?: number;
  /** …plus a random delay in this window (ms). */
  killWindowMs?: [number, number];
  /** Bet lines of each of the two settlement draws. */
  settleLines?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  engine: Engine;
  sales: {
    sent: number;
    acknowledged: number;
    refused: number;
    /** No answer (connection reset by the kill) or a 5xx: outcome unknown to the client. */
    unknown: number;
    killAfterMs: number;
    afterCrash: SalesCheck;
    halfWrittenAfterCrash: HalfWritten;
    replays: { tried: number; replayed: number; sameTicket: number; bad: string[] };
    retriedUnknown: { tried: number; replayed: number; fresh: number; bad: string[] };
    final: SalesCheck;
  };
  settlement: {
    linesPerDraw: number;
    /** Time of a warm (re-)settlement of as many lines through HTTP: the kill aims inside it. */
    calibrationMs: number;
    killAfterMs: number;
    /** PostgreSQL: the settling statement was seen running (pg_stat_activity), then its backend was terminated with the server. */
    seenSettling: boolean | null;
    answeredBeforeKill: boolean;
    afterCrash: { calibrated: DrawState; killed: DrawState };
    halfWrittenAfterCrash: HalfWritten;
    resendStatus: number;
    final: DrawState;
  };
  restartMs: number[];
  gracefulExit: { code: number | null; signal: string | null; ms: number };
  halfWrittenFinal: HalfWritten;
  totalMs: number;
}

/* ---------------- the run ---------------- */

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const o = {
    agents: 8,
    minAcks: options.engine === 'postgres' ? 150 : 40,
    killWindowMs: [100, 2500] as [number, number],
    settleLines: 20_000,
    log: (_line: string) => {},
    ...options,
  };
  const t0 = performance.now();
  const log = (line: string) => o.log(`[${o.engine} +${((performance.now() - t0) / 1000).toFixed(1)}s] ${line}`);
  const restartMs: number[] = [];
  const servers: ServerProcess[] = [];
  const scratch: ScratchDatabase = await createScratchDatabase(o.engine, 'crash');
  const settle = async () => {
    if (scratch.url) await settleBackends(scratch.url);
  };
  const withDb = async <T>(fn: (raw: RawClient) => Promise<T>): Promise<T> => {
    const db = await scratch.open();
    try {
      return await fn(db.raw);
    } finally {
      await db.close();
    }
  };
  const start = async () => {
    const t = performance.now();
    const s = await startServer(scratch.env);
    servers.push(s);
    restartMs.push(Math.round(performance.now() - t));
    return s;
  };
  try {
    log(`fixtures: ${o.agents} agents, 2 × ${o.settleLines} generated lines…`);
    const fx = await withDb(async (raw) => {
      const f = await seedFixtures(raw, { agents: o.agents, settleLines: o.settleLines });
      const before = await halfWritten(raw, f.companyId);
      if (totalHalfWritten(before) !== 0) throw new Error(`fixtures inconsistent: ${JSON.stringify(before)}`);
      return f;
    });

    /* ---- 1. sales, SIGKILL at a random moment ---- */
    const s1 = await start();
    const tokens: string[] = [];
    for (const username of fx.agents) tokens.push(await login(s1.port, username, PASSWORD));
    const adminToken = await login(s1.port, fx.admin, PASSWORD);
    log(`server up (${restartMs[0]} ms); selling until SIGKILL…`);
    const { journal, killAfterMs } = await sellUntilKilled(s1, tokens, fx, o);
    const count = (k: JournalEntry['outcome']) => journal.filter((e) => e.outcome === k).length;
    log(
      `killed after ${Math.round(killAfterMs)} ms: sent ${journal.length}, acknowledged ${count('acked')}, refused ${count('refused')}, no answer ${count('unknown')}`,
    );
    await settle();
    const { afterCrash, halfAfterSales } = await withDb(async (raw) => ({
      afterCrash: await checkSales(raw, fx.companyId, journal),
      halfAfterSales: await halfWritten(raw, fx.companyId),
    }));
    log(
      `after the crash: acknowledged ${afterCrash.acknowledged}, found ${afterCrash.found}, missing ${afterCrash.missing}, duplicates ${afterCrash.duplicates}, refused present ${afterCrash.refusedPresent}, unanswered but committed ${afterCrash.unknownCommitted}/${afterCrash.unknown}, half-written ${totalHalfWritten(halfAfterSales)}`,
    );

    /* ---- restart: the same keys answer the same tickets ---- */
    const s2 = await start();
    log(`restarted in ${restartMs[1]} ms`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const replays = { tried: 0, replayed: 0, sameTicket: 0, bad: [] as string[] };
    const acked = journal.filter((e) => e.outcome === 'acked');
    await eachLimited(acked, 8, async (e) => {
      replays.tried++;
      const r = await request(s2.port, 'POST', '/api/agents/fiches', { body: e.body, token: tokens[e.agent], agent });
      const body = r.body as { number?: number; replayed?: boolean };
      if (r.status === 200 && body.replayed === true) replays.replayed++;
      if (r.status === 200 && body.number === e.number) replays.sameTicket++;
      else if (replays.bad.length < 5)
        replays.bad.push(`${e.body.idempotency_key}: ${r.status} ${r.text.slice(0, 200)}`);
    });
    const retriedUnknown = { tried: 0, replayed: 0, fresh: 0, bad: [] as string[] };
    await eachLimited(
      journal.filter((e) => e.outcome === 'unknown'),
      8,
      async (e) => {
        retriedUnknown.tried++;
        const r = await request(s2.port, 'POST', '/api/agents/fiches', { body: e.body, token: tokens[e.agent], agent });
        const body = r.body as { number?: number; replayed?: boolean; code?: string };
        if (r.status === 200 && typeof body.number === 'number') {
          e.outcome = 'acked';
          e.number = body.number;
          if (body.replayed) retriedUnknown.replayed++;
          else retriedUnknown.fresh++;
        } else if (r.status >= 400 && r.status < 500) {
          e.outcome = 'refused'; // e.g. the limit is reached now: nothing must exist for it
          e.code = body.code;
        } else if (retriedUnknown.bad.length < 5) {
          retriedUnknown.bad.push(`${e.body.idempotency_key}: ${r.status} ${r.text.slice(0, 200)}`);
        }
      },
    );
    agent.destroy();
    log(
      `replays: ${replays.replayed}/${replays.tried} replayed, ${replays.sameTicket} same ticket; unanswered retried: ${retriedUnknown.tried} (${retriedUnknown.replayed} were committed, ${retriedUnknown.fresh} new)`,
    );

    /* ---- 2. settlement, SIGKILL while it runs ---- */
    const [drawA, drawB] = fx.settleTirages;
    const enter = (port: number, tirageId: number) =>
      request(port, 'POST', '/api/companies/info-tirage', {
        body: { tirage_id: tirageId, draw_date: fx.today, ...RESULT },
        token: adminToken,
        timeoutMs: 120_000,
      });
    const calibration = await enter(s2.port, drawA);
    if (calibration.status !== 200) throw new Error(`result on draw A: ${calibration.status} ${calibration.text}`);
    // The time to aim at: a warm settlement of as many lines (a correction re-evaluates every line of
    // draw A), so that the kill on draw B falls inside its settlement rather than after it.
    const tc = performance.now();
    const correction = await request(s2.port, 'PUT', '/api/companies/info-tirage', {
      body: { id: (calibration.body as { result: { id: number } }).result.id, ...CORRECTION, confirm: true },
      token: adminToken,
      timeoutMs: 120_000,
    });
    const calibrationMs = performance.now() - tc;
    if (correction.status !== 200) throw new Error(`correction on draw A: ${correction.status} ${correction.text}`);
    log(
      `settled draw A (${o.settleLines} lines), corrected it in ${Math.round(calibrationMs)} ms; now draw B, killed mid-way…`,
    );

    // PostgreSQL: a watcher sees the settling statement run (connected beforehand: no delay after).
    const watch = scratch.url ? new pg.Client({ connectionString: scratch.url }) : null;
    await watch?.connect();
    let answeredAt = Number.POSITIVE_INFINITY;
    const ts = performance.now();
    const pending = enter(s2.port, drawB).then(
      (r) => {
        answeredAt = performance.now();
        return r.status;
      },
      () => 0,
    );
    let seenSettling: boolean | null = null;
    let settlingPid: number | null = null;
    if (watch) {
      // Wait for the settling statement to be running, then kill within the first part of its time.
      seenSettling = false;
      const until = performance.now() + calibrationMs * 3 + 2000;
      while (performance.now() < until && answeredAt === Number.POSITIVE_INFINITY) {
        const rows = await watch.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%borlette_settle%' AND pid <> pg_backend_pid()",
        );
        if (rows.rowCount) {
          seenSettling = true;
          settlingPid = rows.rows[0].pid;
          break;
        }
      }
      await sleep(Math.random() * calibrationMs * 0.3);
    } else {
      await sleep(calibrationMs * (0.1 + Math.random() * 0.5));
    }
    const killAt = performance.now();
    s2.kill('SIGKILL');
    // PostgreSQL would otherwise run the statement to its end before noticing its client is gone: the
    // backend is terminated too, so the settlement really stops in the middle of its writes.
    if (watch && settlingPid) await watch.query('SELECT pg_terminate_backend($1)', [settlingPid]);
    await s2.exited;
    await watch?.end();
    await pending;
    const answeredBeforeKill = answeredAt < killAt;
    const settleKillAfterMs = killAt - ts;
    await settle();
    const afterSettleCrash = await withDb(async (raw) => ({
      calibrated: await drawState(raw, fx.companyId, drawA, fx.today),
      killed: await drawState(raw, fx.companyId, drawB, fx.today),
      half: await halfWritten(raw, fx.companyId),
    }));
    log(
      `killed ${Math.round(settleKillAfterMs)} ms into the request${seenSettling ? ' (settlement seen running, its backend terminated too)' : ''}${answeredBeforeKill ? ' (answered before the kill)' : ''}: draw A ${afterSettleCrash.calibrated.state}, draw B ${afterSettleCrash.killed.state} (${afterSettleCrash.killed.wrongLines} wrong lines), half-written ${totalHalfWritten(afterSettleCrash.half)}`,
    );

    /* ---- restart, enter the result again, stop gracefully ---- */
    const s3 = await start();
    log(`restarted in ${restartMs[2]} ms`);
    const resend = await enter(s3.port, drawB);
    log(
      `result re-sent on draw B: ${resend.status}${resend.status !== 200 ? ` ${(resend.body as { code?: string }).code}` : ''}`,
    );
    const tg = performance.now();
    const exit = await stopServer(s3, 'SIGTERM');
    const gracefulExit = { code: exit.code, signal: exit.signal, ms: Math.round(performance.now() - tg) };
    log(`SIGTERM: exit ${exit.code ?? exit.signal} in ${gracefulExit.ms} ms`);

    await settle();
    const final = await withDb(async (raw) => ({
      sales: await checkSales(raw, fx.companyId, journal),
      drawB: await drawState(raw, fx.companyId, drawB, fx.today),
      half: await halfWritten(raw, fx.companyId),
    }));
    log(
      `final: acknowledged ${final.sales.acknowledged}, found ${final.sales.found}, missing ${final.sales.missing}, duplicates ${final.sales.duplicates}; draw B ${final.drawB.state} (${final.drawB.winners} winning lines, ${final.drawB.wrongLines} wrong); half-written ${totalHalfWritten(final.half)}`,
    );

    return {
      engine: o.engine,
      sales: {
        sent: journal.length,
        acknowledged: acked.length,
        refused: count('refused'),
        unknown: afterCrash.unknown,
        killAfterMs: Math.round(killAfterMs),
        afterCrash,
        halfWrittenAfterCrash: halfAfterSales,
        replays,
        retriedUnknown,
        final: final.sales,
      },
      settlement: {
        linesPerDraw: o.settleLines,
        calibrationMs: Math.round(calibrationMs),
        killAfterMs: Math.round(settleKillAfterMs),
        seenSettling,
        answeredBeforeKill,
        afterCrash: { calibrated: afterSettleCrash.calibrated, killed: afterSettleCrash.killed },
        halfWrittenAfterCrash: afterSettleCrash.half,
        resendStatus: resend.status,
        final: final.drawB,
      },
      restartMs,
      gracefulExit,
      halfWrittenFinal: final.half,
      totalMs: Math.round(performance.now() - t0),
    };
  } catch (err) {
    const last = servers.at(-1);
    if (last) (err as Error).message += `\n--- server output ---\n${last.output().slice(-4000)}`;
    throw err;
  } finally {
    for (const s of servers) s.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await settle().catch(() => {});
    await scratch.drop();
  }
}

/** Every expectation of the report that does not hold (empty: the run passed). */
export function crashFailures(r: CrashReport): string[] {
  const out: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) out.push(what);
  };
  const s = r.sales;
  expect(s.acknowledged > 0, 'no sale acknowledged before the kill');
  for (const [when, c] of [
    ['after the crash', s.afterCrash],
    ['at the end', s.final],
  ] as const) {
    expect(
      c.found === c.acknowledged,
      `${when}: ${c.acknowledged - c.found} acknowledged sale(s) not found exactly once`,
    );
    expect(c.missing === 0, `${when}: ${c.missing} acknowledged sale(s) missing`);
    expect(c.duplicates === 0, `${when}: ${c.duplicates} duplicate ticket(s)`);
    expect(c.refusedPresent === 0, `${when}: ${c.refusedPresent} refused sale(s) written anyway`);
  }
  expect(s.final.unknown === 0 || s.final.unknown === s.final.unknownCommitted, 'an unanswered sale retried is absent');
  for (const [when, h] of [
    ['after the sales crash', s.halfWrittenAfterCrash],
    ['after the settlement crash', r.settlement.halfWrittenAfterCrash],
    ['at the end', r.halfWrittenFinal],
  ] as const) {
    const bad = Object.entries(h).filter(([, n]) => n !== 0);
    expect(bad.length === 0, `${when}: half-written ${bad.map(([k, n]) => `${k}=${n}`).join(', ')}`);
  }
  expect(
    s.replays.replayed === s.replays.tried && s.replays.sameTicket === s.replays.tried,
    `replays after restart: ${s.replays.replayed}/${s.replays.tried} replayed, ${s.replays.sameTicket} same ticket ${s.replays.bad.join('; ')}`,
  );
  expect(s.retriedUnknown.bad.length === 0, `retried unanswered sales failed: ${s.retriedUnknown.bad.join('; ')}`);
  const st = r.settlement;
  expect(
    st.afterCrash.calibrated.state === 'settled',
    `draw settled before the crash is ${st.afterCrash.calibrated.state}`,
  );
  expect(
    st.afterCrash.killed.state !== 'partial',
    `draw killed while settling is partial (${st.afterCrash.killed.wrongLines} wrong lines)`,
  );
  expect(
    !st.answeredBeforeKill || st.afterCrash.killed.state === 'settled',
    'the result was acknowledged before the kill but the draw is not settled',
  );
  expect(
    st.resendStatus === 200 || (st.resendStatus === 409 && st.afterCrash.killed.state === 'settled'),
    `re-sending the result answered ${st.resendStatus}`,
  );
  expect(
    st.final.state === 'settled' && st.final.wrongLines === 0,
    `draw B at the end: ${st.final.state}, ${st.final.wrongLines} wrong lines`,
  );
  expect(st.final.winners > 0, 'no winning line in draw B: the check would not see a missing settlement');
  expect(r.gracefulExit.code === 0, `SIGTERM: exit code ${r.gracefulExit.code} (signal ${r.gracefulExit.signal})`);
  return out;
}
