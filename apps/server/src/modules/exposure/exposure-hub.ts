import type { ServerResponse } from 'node:http';
import { EXPOSURE_STREAMS_PER_USER } from '@borlette/shared/contracts/exposure';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rows, sql } from '../../db/sql';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { type BoardKey, readBoard } from './exposure-query';

/**
 * The live boards of this instance (issue 22 §1). No in-process event is trusted: every instance polls
 * the database, so a sale made through any instance (or straight in SQL) reaches every board.
 *
 * Each tick (POLL_MS) reads ONE change marker per company that has clients (the day summaries'
 * tickets, sales and cancellations, moved by every sale, cancellation, deletion and reactivation in
 * its own transaction), in one statement for all of them; a company whose marker moved has each of
 * its distinct boards read once (clients of the same draw, day and scope share it) and the answer
 * pushed to those whose last board differs. Every REFRESH_MS every board is read anyway (a limit or a
 * block changed). Every RECHECK_MS each session is resolved again: signed out, blocked or without
 * view_exposure ends the stream.
 */
export interface StreamClient {
  auth: AuthContext;
  /** To resolve the session again (the stream outlives its request's check). */
  recheck: () => Promise<AuthContext | null>;
  key: BoardKey;
  res: ServerResponse;
  last?: string;
}

interface Board {
  id: string;
  key: BoardKey;
  clients: Set<StreamClient>;
}

export const POLL_MS = Number(process.env.EXPOSURE_POLL_MS ?? 400);
const MIN_GAP_MS = 50;
/** Boards read at once by one pass. */
const READERS = 3;
const REFRESH_MS = 5_000;
const RECHECK_MS = 5_000;
const HEARTBEAT_MS = 15_000;

const markerRow = z.object({ company_id: z.number().int(), marker: z.string() });

export class ExposureHub {
  private boards = new Map<string, Board>();
  private markers = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private rechecking = false;
  private lastRefresh = 0;
  private lastRecheck = 0;
  private lastBeat = 0;
  private seq = 0;
  private lastTickMs = 0;

  constructor(private readonly database: Database) {}

  get size(): number {
    let n = 0;
    for (const b of this.boards.values()) n += b.clients.size;
    return n;
  }

  /** Adds a client with the board its request just read (sent at once); the user's oldest stream past the cap is closed. */
  add(client: StreamClient, initial: unknown): void {
    const mine = [...this.boards.values()]
      .flatMap((b) => [...b.clients])
      .filter((c) => c.auth.userId === client.auth.userId);
    for (const old of mine.slice(0, Math.max(0, mine.length - EXPOSURE_STREAMS_PER_USER + 1))) {
      this.end(old, 'Trop de flux ouverts pour ce compte : le plus ancien est fermé.');
    }
    const id = boardId(client);
    let board = this.boards.get(id);
    if (!board) {
      board = { id, key: client.key, clients: new Set() };
      this.boards.set(id, board);
    }
    board.clients.add(client);
    client.res.on('close', () => this.remove(client));
    this.send(client, encodeBoard(initial));
    this.schedule();
  }

  remove(client: StreamClient): void {
    for (const [id, board] of this.boards) {
      if (board.clients.delete(client) && board.clients.size === 0) this.boards.delete(id);
    }
    const companies = new Set([...this.boards.values()].map((b) => b.key.companyId));
    for (const c of this.markers.keys()) if (!companies.has(c)) this.markers.delete(c);
  }

  /** Closes every stream (server shutdown) and stops polling. */
  close(): void {
    for (const board of [...this.boards.values()]) for (const c of [...board.clients]) this.end(c, null);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private end(client: StreamClient, reason: string | null): void {
    if (reason) write(client.res, `event: end\ndata: ${JSON.stringify({ message: reason })}\n\n`);
    this.remove(client);
    client.res.end();
  }

  private schedule(): void {
    if (this.timer || this.boards.size === 0) return;
    // Start to start, not end to start: a slow pass (boards read under the sales' load) does not add
    // its own time to the wait of the next one.
    const wait = Math.max(MIN_GAP_MS, POLL_MS - this.lastTickMs);
    this.timer = setTimeout(() => {
      this.timer = null;
      const started = Date.now();
      void this.tick().finally(() => {
        this.lastTickMs = Date.now() - started;
        this.schedule();
      });
    }, wait);
    this.timer.unref();
  }

  /** One pass: the markers, the boards of the companies that moved (or all, every REFRESH_MS). */
  async tick(): Promise<void> {
    if (this.running || this.boards.size === 0) return;
    this.running = true;
    try {
      const now = Date.now();
      if (now - this.lastRecheck >= RECHECK_MS && !this.rechecking) {
        this.lastRecheck = now;
        // Beside the pass, not in it: one query per session (100 users' sessions = 100 queries) held
        // every board's push behind it (measured: the 500-client p99 went past a second).
        this.rechecking = true;
        void this.recheck().finally(() => {
          this.rechecking = false;
        });
      }
      const companies = [...new Set([...this.boards.values()].map((b) => b.key.companyId))];
      if (!companies.length) return;
      const found = await rows(
        this.database.raw,
        markerRow,
        sql`SELECT s.company_id, concat_ws(':', sum(s.tickets), sum(s.sales), sum(s.cancelled),
                                        sum(s.cancelled_amount)) AS marker
              FROM stats_agent_day s
             WHERE s.company_id = ANY(${companies}::bigint[]) AND s.business_date >= current_date - 1
             GROUP BY s.company_id`,
      );
      const moved = new Set<number>();
      for (const c of companies) {
        const marker = found.find((f) => f.company_id === c)?.marker ?? '';
        if (this.markers.get(c) !== marker) moved.add(c);
        this.markers.set(c, marker);
      }
      const refresh = now - this.lastRefresh >= REFRESH_MS;
      if (refresh) this.lastRefresh = now;
      // The boards that moved are read a few side by side (each is one snapshot of its own), never
      // so many that the sales wait for a connection of the pool.
      const due = [...this.boards.values()].filter((board) => refresh || moved.has(board.key.companyId));
      const lane = async () => {
        for (let board = due.shift(); board; board = due.shift()) await this.push(board, [...board.clients]);
      };
      await Promise.all(Array.from({ length: Math.min(READERS, due.length) }, lane));
      if (now - this.lastBeat >= HEARTBEAT_MS) {
        this.lastBeat = now;
        for (const board of this.boards.values()) for (const c of board.clients) write(c.res, ': ping\n\n');
      }
    } catch {
      // A failed pass (database outage) is retried at the next tick; the clients keep their last board.
    } finally {
      this.running = false;
    }
  }

  /** Reads the board once (with the first client's scope: every client of a board has the same) and sends it where it changed. */
  private async push(board: Board, to: StreamClient[]): Promise<void> {
    const first = to[0];
    if (!first) return;
    let json: string;
    try {
      json = encodeBoard(await readBoard(this.database.raw, { auth: first.auth }, board.key));
    } catch (e) {
      // A draw deleted since the stream opened ends its streams; anything else (an outage) is retried
      // at the next pass, and the other boards are still read.
      if (e instanceof AppError && e.statusCode === 404) for (const c of to) this.end(c, e.message);
      return;
    }
    for (const c of to) this.send(c, json);
  }

  private send(c: StreamClient, json: string): void {
    if (c.last === json) return;
    c.last = json;
    write(c.res, `id: ${Date.now()}-${++this.seq}\nevent: board\ndata: ${json}\n\n`);
  }

  private async recheck(): Promise<void> {
    const clients = [...this.boards.values()].flatMap((b) => [...b.clients]);
    const bySession = new Map<number, StreamClient[]>();
    for (const c of clients) bySession.set(c.auth.sessionId, [...(bySession.get(c.auth.sessionId) ?? []), c]);
    for (const group of bySession.values()) {
      const auth = await group[0].recheck().catch(() => undefined);
      if (auth === undefined) continue; // the database did not answer: keep the stream, try again later
      for (const c of group) {
        if (!auth) this.end(c, 'Session terminée : veuillez vous reconnecter.');
        else if (!auth.permissions.has('view_exposure') || auth.companyId !== c.key.companyId)
          this.end(c, 'Permission requise : view_exposure.');
      }
    }
  }
}

function boardId(c: StreamClient): string {
  const k = c.key;
  const scope = c.auth.role === 'supervisor' ? c.auth.userId : 0;
  return [k.companyId, k.tirageId ?? '', k.date ?? '', k.top, k.warn, k.hot, scope].join('|');
}

/** JSON with big amounts as their digits (the `money` rule: a number while exact, else a string). */
export function encodeBoard(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

function write(res: ServerResponse, text: string): void {
  if (!res.writableEnded && !res.destroyed) res.write(text);
}
