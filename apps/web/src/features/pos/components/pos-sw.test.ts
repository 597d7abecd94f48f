/**
 * The POS service worker (public/pos-sw.js) run against fake caches and network: it never answers nor
 * keeps an /api response, ignores other origins and writes, and keeps one build's files only.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';

const ORIGIN = 'https://pos.example';
const SOURCE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../../public/pos-sw.js'), 'utf8');

type Req = { url: string; method: string; mode: string };
type Handler = (event: Record<string, unknown>) => void;

function worker(network: (url: string) => Response | 'offline') {
  const store = new Map<string, Map<string, Response>>();
  const key = (r: string | Req) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  const cacheOf = (name: string) => {
    if (!store.has(name)) store.set(name, new Map());
    const entries = store.get(name)!;
    const cache = {
      put: async (r: string | Req, res: Response) => void entries.set(key(r), res.clone()),
      match: async (r: string | Req) => entries.get(key(r).split('?')[0]!)?.clone(),
      keys: async () => [...entries.keys()].map((url) => ({ url })),
      delete: async (r: { url: string }) => entries.delete(r.url),
      add: async (u: string) => cache.put(u, await fetcher(u)),
      addAll: async (us: string[]) => void (await Promise.all(us.map((u) => cache.add(u)))),
    };
    return cache;
  };
  const fetcher = async (r: string | Req) => {
    const res = network(key(r));
    if (res === 'offline') throw new TypeError('Failed to fetch');
    return res;
  };
  const handlers: Record<string, Handler> = {};
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: Handler) => {
      handlers[type] = fn;
    },
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...store.keys()],
    delete: async (name: string) => store.delete(name),
    match: async (r: string | Req) => {
      for (const name of store.keys()) {
        const hit = await cacheOf(name).match(r);
        if (hit) return hit;
      }
      return undefined;
    },
  };
  new Function('self', 'caches', 'fetch', SOURCE)(self, caches, fetcher);

  async function dispatch(type: string, fields: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    handlers[type]!({
      ...fields,
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
    });
    const response = await answer;
    await Promise.all(pending);
    return response;
  }
  const request = (path: string, mode = 'cors', method = 'GET'): Req => ({
    url: new URL(path, ORIGIN).href,
    method,
    mode,
  });
  return {
    install: () => dispatch('install', {}),
    fetch: (path: string, mode?: string, method?: string) =>
      dispatch('fetch', { request: request(path, mode, method) }),
    message: (urls: string[]) => dispatch('message', { data: { type: 'pos-cache', urls } }),
    cached: () => [...store.values()].flatMap((m) => [...m.keys()].map((u) => new URL(u).pathname)),
  };
}

const html = (assets: string[]) =>
  new Response(`<html>${assets.map((a) => `<script src="${a}"></script>`).join('')}</html>`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
const json = () => new Response('{"token":"secret"}', { headers: { 'content-type': 'application/json' } });

describe('POS service worker', () => {
  let build: string[];
  let online: boolean;
  const network = (url: string): Response | 'offline' => {
    if (!online) return 'offline';
    const path = new URL(url).pathname;
    if (path.startsWith('/api')) return json();
    if (path.startsWith('/assets/')) return new Response('js', { headers: { 'content-type': 'text/javascript' } });
    if (path.startsWith('/pos')) return html(build);
    return new Response('x');
  };
  beforeEach(() => {
    build = ['/assets/a-1.js', '/assets/b-1.js'];
    online = true;
  });

  it('never answers nor keeps an /api call, another origin or a write', async () => {
    const sw = worker(network);
    await sw.install();
    for (const path of ['/api/agents/config', '/api', '/api/agents/fiches/escpos?id=1', '/api/user/auth/login']) {
      expect(await sw.fetch(path), path).toBeUndefined();
      expect(await sw.fetch(path, 'navigate'), path).toBeUndefined();
    }
    expect(await sw.fetch('https://evil.example/assets/x.js')).toBeUndefined();
    expect(await sw.fetch('https://evil.example/pos', 'navigate')).toBeUndefined();
    expect(await sw.fetch('/pos', 'navigate', 'POST')).toBeUndefined();
    await sw.message(['/api/agents/config', 'https://evil.example/assets/z.js', '/assets/c-1.js']);
    const kept = sw.cached();
    expect(kept.filter((p) => p.startsWith('/api'))).toEqual([]);
    expect(kept).toContain('/assets/c-1.js');
    expect(kept).not.toContain('/assets/z.js');
  });

  it('offline: /pos opens from the cache; an /api call still goes to the network (and fails)', async () => {
    const sw = worker(network);
    await sw.install();
    online = false;
    const page = await sw.fetch('/pos/vendre', 'navigate');
    expect(await page?.text()).toContain('/assets/a-1.js');
    expect(await sw.fetch('/api/agents/config')).toBeUndefined();
  });

  it('keeps one build: a new /pos page drops the old build’s files', async () => {
    const sw = worker(network);
    await sw.install();
    await sw.message(['/assets/lazy-1.js']);
    build = ['/assets/a-2.js'];
    await sw.fetch('/pos', 'navigate');
    const assets = sw.cached().filter((p) => p.startsWith('/assets/'));
    expect(assets.sort()).toEqual(['/assets/a-2.js']);
  });
});
