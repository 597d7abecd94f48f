// The real pieces of a multi-instance deployment, started on this machine for scripts/bench-cluster.mjs:
// a PostgreSQL primary and its streaming replica (clusters of their own in a temporary folder, on
// ports of their own: the system's cluster is never touched), PgBouncer in transaction mode, nginx, and
// server instances. Everything started is registered and stopped by `cleanup()` (also on errors/Ctrl-C).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, sleep } from './bench-kit.mjs';

const isRoot = process.getuid?.() === 0;
const cleanups = [];

/** PostgreSQL's binaries (initdb, pg_ctl, pg_basebackup): PG_BIN, or the newest /usr/lib/postgresql/N/bin. */
export function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)) : [];
  if (!versions.length) throw new Error('PostgreSQL introuvable (/usr/lib/postgresql/N/bin) : PG_BIN=…');
  return path.join(base, String(Math.max(...versions.map(Number))), 'bin');
}

/** nginx and PgBouncer from the distribution's packages, installed when absent (as CI would). */
export function ensurePackages() {
  const missing = [
    ['nginx', '/usr/sbin/nginx'],
    ['pgbouncer', '/usr/sbin/pgbouncer'],
  ].filter(([, bin]) => !existsSync(bin));
  if (!missing.length) return;
  const names = missing.map(([n]) => n);
  console.log(`Installation de ${names.join(', ')} (apt-get)…`);
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const r = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`${args.join(' ')} a échoué`);
  };
  run(['apt-get', 'update', '-q']);
  run(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...names]);
  // The packages may start their own services: this bench runs its own copies, on its own ports.
  for (const n of names) spawnSync(...(isRoot ? ['systemctl', ['stop', n]] : ['sudo', ['-n', 'systemctl', 'stop', n]]));
}

/** A command as the `postgres` OS user when running as root (PostgreSQL and PgBouncer refuse root). */
function asPostgres(cmd, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function run(cmd, args, what) {
  const [c, a] = asPostgres(cmd, args);
  const r = spawnSync(c, a, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} a échoué : ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A long-running process (PgBouncer, nginx, a server), in its own process group, stopped at cleanup. */
function daemon(cmd, args, { env, asPg = true, log } = {}) {
  const [c, a] = asPg ? asPostgres(cmd, args) : [cmd, args];
  const child = spawn(c, a, { env: env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  const keep = (d) => {
    child.output = (child.output + d).slice(-4000);
    if (log) process.stderr.write(d);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  cleanups.push(() => killGroup(child, 'SIGKILL'));
  return child;
}

export function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

export async function stopGroup(child, timeoutMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  killGroup(child, 'SIGTERM');
  if ((await Promise.race([done.then(() => true), sleep(timeoutMs).then(() => false)])) === false) {
    killGroup(child, 'SIGKILL');
    await done;
  }
}

/** `n` distinct free TCP ports on 127.0.0.1. */
export async function freePorts(n) {
  const servers = [];
  for (let i = 0; i < n; i++) {
    const s = net.createServer();
    await new Promise((r) => s.listen(0, '127.0.0.1', r));
    servers.push(s);
  }
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** The temporary folder of everything (clusters, configs, logs), owned by `postgres` when root. */
export function workDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'borlette-cluster-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function asPgWrite(file, text) {
  writeFileSync(file, text);
  if (isRoot) spawnSync('chown', ['postgres:postgres', file]);
}

/** A primary of our own: initdb, replication allowed from 127.0.0.1, started on `port`. */
export function startPrimary(dir, port) {
  const bin = pgBin();
  const data = path.join(dir, 'primary');
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], 'initdb');
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      '',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      'wal_level = replica',
      'max_wal_senders = 4',
      // The server sends no `-c jit=off` through PgBouncer (it refuses startup options): set here.
      'jit = off',
      'hot_standby = on',
      'hot_standby_feedback = on',
      'fsync = on',
    ].join('\n'),
  );
  asPgWrite(
    path.join(data, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  const stop = () => spawnSync(...asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']));
  cleanups.push(stop);
  run(
    path.join(bin, 'pg_ctl'),
    ['-D', data, '-l', path.join(dir, 'primary.log'), '-w', 'start'],
    'pg_ctl start (primaire)',
  );
  return { data, port, url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}` };
}

/** A real streaming replica of the primary: pg_basebackup -R, started on `port`. */
export function startReplica(dir, primary, port) {
  const bin = pgBin();
  const data = path.join(dir, 'replica');
  run(
    path.join(bin, 'pg_basebackup'),
    ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast'],
    'pg_basebackup',
  );
  appendFileSync(path.join(data, 'postgresql.auto.conf'), `\nport = ${port}\n`);
  const ctl = (args, what) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args], what);
  cleanups.push(() => spawnSync(...asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])));
  ctl(['-l', path.join(dir, 'replica.log'), '-w', 'start'], 'pg_ctl start (réplique)');
  return {
    port,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    /** Stopped as an operator would (fast: its sessions are ended), while the load runs. */
    stop: () => ctl(['-m', 'fast', '-w', 'stop'], 'pg_ctl stop (réplique)'),
  };
}

/** PgBouncer in transaction mode in front of the primary's database `db`. */
export async function startPgbouncer(dir, primary, db, port, poolSize) {
  const ini = path.join(dir, 'pgbouncer.ini');
  asPgWrite(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  asPgWrite(
    ini,
    `[databases]
${db} = host=127.0.0.1 port=${primary.port} dbname=${db}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir = ${dir}
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 500
logfile = ${path.join(dir, 'pgbouncer.log')}
pidfile = ${path.join(dir, 'pgbouncer.pid')}
`,
  );
  const child = daemon('/usr/sbin/pgbouncer', [ini]);
  await untilPort(port, child, 'PgBouncer');
  return { child, port, url: `postgres://postgres@127.0.0.1:${port}/${db}` };
}

/** nginx in front of the instances: round robin, no stickiness, keep-alive to the upstreams. */
export async function startNginx(dir, port, upstreams) {
  const conf = path.join(dir, 'nginx.conf');
  const proxy = `proxy_pass http://borlette;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;`;
  asPgWrite(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  upstream borlette {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      ${proxy}
      proxy_next_upstream error timeout http_502;
    }
    # A sale carries its idempotency key: sent again to the other instance when its answer was lost
    # (an instance dead mid-request), it is sold once or found (replayed), never twice.
    location = /api/agents/fiches {
      ${proxy}
      proxy_next_upstream error timeout http_502 non_idempotent;
    }
  }
}
`,
  );
  const child = daemon('/usr/sbin/nginx', ['-e', `${dir}/nginx-error.log`, '-p', dir, '-c', conf]);
  await untilPort(port, child, 'nginx');
  return { child, port };
}

/** A server instance: `node scripts/start.mjs` (its own process group: SIGKILL takes it all). */
export function startInstance(env) {
  const child = daemon(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    asPg: false,
    log: true,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
  });
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  return child;
}

export async function untilPort(port, child, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${what} s’est arrêté : ${child.output ?? ''}`);
    const ok = await new Promise((r) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        r(true);
      });
      s.on('error', () => r(false));
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${what} ne répond pas sur ${port}`);
}

/** Stops everything that was started, last first. Safe to call twice. */
export function cleanup() {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {
      /* best effort */
    }
  }
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}
process.on('exit', cleanup);
