import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A local stand-in for the official results sources (issue 21): node:http on 127.0.0.1, answering at
 * each source's real path with the recorded samples of `fixtures/results/`, and switchable failures.
 * Florida's gateway answers 401 without its partner header, the aggregator without its key, as they do.
 */
export type FeedMode = 'ok' | 'http500' | 'http404' | 'slow' | 'garbage' | 'empty' | 'huge';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'results');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

interface Route {
  type: string;
  body: (url: URL) => string;
  empty: string;
  refuse?: (req: IncomingMessage) => string | null;
}

const ROUTES: Record<string, Route> = {
  '/resource/hsys-3def.json': { type: 'application/json', body: () => fixture('ny-socrata.json'), empty: '[]' },
  '/api/v2/draw-games/draws/page': {
    type: 'application/json',
    body: (url) => fixture(url.searchParams.get('game-names') === 'CASH 4' ? 'ga-cash4.json' : 'ga-cash3.json'),
    empty: fixture('ga-empty.json'),
  },
  '/drawgamesapp/getLatestDrawGames': {
    type: 'application/json',
    body: () => fixture('fl-latest.json'),
    empty: '[]',
    refuse: (req) => (req.headers['x-partner'] === 'web' ? null : fixture('fl-error.json')),
  },
  '/export/sites/lottery/Games/Pick_3/Winning_Numbers/pick3.csv': {
    type: 'text/csv',
    body: () => fixture('tx-pick3.csv'),
    empty: '',
  },
  '/export/sites/lottery/Games/Daily_4/Winning_Numbers/daily4.csv': {
    type: 'text/csv',
    body: () => fixture('tx-daily4.csv'),
    empty: '',
  },
  '/export/sites/lottery/rss/tlc_latest.xml': {
    type: 'application/rss+xml',
    body: () => fixture('tx-rss.xml'),
    empty: '<?xml version="1.0"?><rss version="2.0"><channel><title>Texas</title></channel></rss>',
  },
  '/results': { type: 'application/json', body: () => fixture('aggregator.json'), empty: '{"results":[]}' },
};

export interface FakeResultsFeeds {
  baseUrl: string;
  /** Every request received (path with its query, and the headers that matter). */
  requests: { path: string; apiKey: string | undefined }[];
  setMode(mode: FeedMode, options?: { delayMs?: number }): void;
  close(): Promise<void>;
}

export async function startFakeResultsFeeds(options: { aggregatorKey?: string } = {}): Promise<FakeResultsFeeds> {
  let mode: FeedMode = 'ok';
  let delayMs = 3_000;
  const requests: FakeResultsFeeds['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const apiKey = req.headers['x-api-key'] as string | undefined;
    requests.push({ path: `${url.pathname}${url.search}`, apiKey });
    const route = ROUTES[url.pathname];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (!route || mode === 'http404') return send(404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
    if (mode === 'http500') return send(500, 'text/html', fixture('tx-error.html'));
    if (mode === 'slow') await new Promise((r) => setTimeout(r, delayMs));
    if (mode === 'garbage') return send(200, route.type, '<html><body>Maintenance — revenez plus tard</body></html>');
    if (mode === 'huge') {
      res.writeHead(200, { 'content-type': route.type });
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 140 && !res.destroyed; i++) res.write(chunk);
      return res.end();
    }
    const refused = route.refuse?.(req);
    if (refused) return send(401, 'application/json', refused);
    if (url.pathname === '/results' && options.aggregatorKey && apiKey !== options.aggregatorKey) {
      return send(401, 'application/json', fixture('aggregator-error.json'));
    }
    send(200, route.type, mode === 'empty' ? route.empty : route.body(url));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setMode(next, o) {
      mode = next;
      if (o?.delayMs !== undefined) delayMs = o.delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
