// The board clients of scripts/bench-exposure.mjs, in a worker thread of their own: hundreds of
// `text/event-stream` responses parsed here do not delay the sellers' event loop (nor the other way
// round, which would add the client's own queue to the latency measured).
// Messages: { cmd: 'open', port, clients: [{ token, tirage }] } -> 'opened' (every stream answered
// its first board) · { cmd: 'close' } -> { events } (per client: Float64Array of [received, at]
// pairs, wall-clock ms) and the streams ended by the server.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

const wall = () => performance.timeOrigin + performance.now();
let open = [];
let agent;
let ended = 0;

/** One stream: every `board` event's arrival time and its `at` (when the server read the figures). */
function watch(port, { token, tirage }) {
  const seen = [];
  let req;
  const first = new Promise((resolve, reject) => {
    req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/companies/exposure/stream?tirage_id=${tirage}`,
        agent,
        headers: { authorization: `Token ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk) => {
          const now = wall();
          buf += chunk;
          let i = buf.indexOf('\n\n');
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (block.startsWith('event: end') || block.includes('\nevent: end')) ended++;
            // The board's JSON ends with its `at` (ISO, milliseconds): no need to parse the rest.
            const k = block.includes('event: board') ? block.lastIndexOf('"at":"') : -1;
            if (k >= 0) {
              seen.push(now, Date.parse(block.slice(k + 6, block.indexOf('"', k + 6))));
              resolve();
            }
            i = buf.indexOf('\n\n');
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
  return { seen, first, close: () => req.destroy() };
}

parentPort.on('message', async (msg) => {
  if (msg.cmd === 'open') {
    agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
    ended = 0;
    open = [];
    // A few at a time: each opening reads the board once before its stream starts.
    for (let i = 0; i < msg.clients.length; i += 20) {
      const batch = msg.clients.slice(i, i + 20).map((c) => watch(msg.port, c));
      open.push(...batch);
      await Promise.all(batch.map((w) => w.first));
    }
    parentPort.postMessage({ opened: open.length });
  } else if (msg.cmd === 'close') {
    for (const w of open) w.close();
    agent?.destroy();
    const events = open.map((w) => Float64Array.from(w.seen));
    parentPort.postMessage(
      { events, ended },
      events.map((e) => e.buffer),
    );
    open = [];
  }
});
