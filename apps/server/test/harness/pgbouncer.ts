import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real PgBouncer (pool_mode = transaction, 2 server connections per database: clients share them)
 * in front of the PostgreSQL of `adminUrl`, for the tests of DATABASE_POOLER=transaction. It is started
 * here or the test fails: a missing pgbouncer (`apt-get install pgbouncer`) is an error, never a skip.
 * As root it runs as the `postgres` OS user (PgBouncer refuses root).
 */
export async function startPgbouncer(adminUrl: string): Promise<{ url: (db: string) => string; stop: () => void }> {
  const bin = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
  if (!bin) throw new Error('pgbouncer introuvable : apt-get install pgbouncer (ce test ne se saute pas)');
  const target = new URL(adminUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'borlette-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(target.username || 'postgres');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(target.password)}"\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${target.hostname} port=${target.port || 5432}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = ${target.password ? 'plain' : 'trust'}
auth_file = ${path.join(dir, 'users.txt')}
pool_mode = transaction
default_pool_size = 2
max_client_conn = 100
`,
  );
  const root = process.getuid?.() === 0;
  if (root) execFileSync('chown', ['-R', 'postgres', dir]);
  const [cmd, args] = root
    ? ['runuser', ['-u', 'postgres', '--', bin, path.join(dir, 'pgbouncer.ini')]]
    : [bin, [path.join(dir, 'pgbouncer.ini')]];
  const child: ChildProcess = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (d) => (output += d));
  child.stdout?.on('data', (d) => (output += d));
  const stop = () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await listening(port)) {
      const auth = target.password ? `${encodeURIComponent(user)}:${target.password}` : encodeURIComponent(user);
      return { url: (db) => `postgres://${auth}@127.0.0.1:${port}/${db}`, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`pgbouncer n’a pas démarré : ${output}`);
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}
