import type { Exposure } from '@borlette/shared/contracts/exposure';
import { parseSse } from '../lib/sse';

export type StreamState = 'connecting' | 'live' | 'retrying' | 'closed';

/**
 * The board's live stream, read with fetch rather than EventSource: the API's session is a token in
 * the Authorization header (EventSource cannot send headers, and a token in the URL would land in
 * proxy logs). Same behaviour as EventSource: reconnects after the server's `retry` (backing off to
 * 30 s while the network fails), sends Last-Event-ID, stops on `end` (signed out, permission lost) or
 * a 4xx. Answers the function that closes it.
 */
export function openBoardStream(o: {
  path: string;
  params: Record<string, string | number | undefined>;
  token: () => string | null;
  onBoard: (board: Exposure) => void;
  onState: (state: StreamState) => void;
}): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retry = 2000;
  let failures = 0;
  let lastId: string | undefined;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(o.params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const url = search.size ? `${o.path}?${search}` : o.path;

  const again = () => {
    if (stopped) return;
    o.onState('retrying');
    const wait = Math.min(30_000, retry * 2 ** Math.min(failures, 4));
    failures += 1;
    timer = setTimeout(connect, wait);
  };

  async function connect() {
    if (stopped) return;
    const token = o.token();
    if (!token) return o.onState('closed');
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Token ${token}` };
    if (lastId) headers['Last-Event-ID'] = lastId;
    try {
      const res = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
      if (!res.ok || !res.body) {
        if (res.status >= 400 && res.status < 500) return o.onState('closed');
        return again();
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const { events, rest } = parseSse(buffer);
        buffer = rest;
        for (const e of events) {
          if (e.retry) retry = e.retry;
          if (e.id) lastId = e.id;
          if (e.event === 'board') {
            failures = 0;
            o.onState('live');
            o.onBoard(JSON.parse(e.data) as Exposure);
          } else if (e.event === 'end') {
            stopped = true;
            o.onState('closed');
            return;
          }
        }
      }
      again();
    } catch (error) {
      if ((error as Error)?.name !== 'AbortError') again();
    }
  }

  o.onState('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
