import net from 'node:net';

/**
 * A TCP proxy in front of a database, for outage tests that must not touch the shared server:
 * `cut()` closes every connection and refuses new ones (a database that went away), `blackhole()`
 * accepts connections and never answers (a network that drops packets), `freeze()` the same while the
 * open connections stay open and go silent, mid-statement if one runs (a network gone dark under a
 * query), `restore()` forwards again (the connections held or frozen are closed: nothing answered them).
 * Forwarding is by hand rather than pipe(), so that a frozen connection drops what it gets.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  blackhole(): void;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
  /** Connections currently forwarded. */
  open(): number;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'blackhole' = 'open';
  const sockets = new Set<net.Socket>();
  let forwarded = 0;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'open') {
      // Blackhole: hold the connection, read and drop whatever comes, never answer.
      client.resume();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    forwarded++;
    client.once('close', () => {
      forwarded--;
      upstream.destroy();
    });
    upstream.once('close', () => client.destroy());
    client.on('data', (d) => {
      if (mode === 'open') upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (mode === 'open') client.write(d);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      dropAll(); // close() waits for the connections: they go now
    });
  return {
    port,
    async cut() {
      mode = 'cut';
      await stopListening();
    },
    blackhole() {
      mode = 'blackhole';
      dropAll();
    },
    freeze() {
      mode = 'blackhole';
    },
    async restore() {
      if (mode === 'blackhole') dropAll(); // held connections never got an answer: they fail now
      mode = 'open';
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = 'cut';
      await stopListening();
    },
    open: () => forwarded,
  };
}
