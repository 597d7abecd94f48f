// What the benches that drive a real server share: a server in its own process, HTTP requests,
// a company of selling agents with limits, realistic tickets, percentiles.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_PASSWORD = 'bench-pass-123';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const src = (p) => path.join(ROOT, 'apps/server/src', p);

export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { p50: at(0.5), p99: at(0.99), n: s.length };
}

/**
 * One company, `agents` agents and a full-access admin, four draws of its own forced open, limits
 * (× `limitScale`: a long run raises them so that it does not end up refusing every sale), blocked
 * balls, free mariages.
 */
export async function seedSelling(raw, hashPassword, agents, { limitScale = 1 } = {}) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const [c] = await raw.query(
    `INSERT INTO companies (ref_code, name, country_id, timezone)
     SELECT 'BENCH' || $1, 'Borlette Bench', id, 'America/Port-au-Prince' FROM countries WHERE name_code = 'HT' RETURNING id`,
    [randomBytes(3).toString('hex').toUpperCase()],
  );
  await raw.query('SELECT borlette_init_company($1)', [c.id]);
  const [s] = await raw.query("INSERT INTO surcussales (company_id, name) VALUES ($1, 'Centre') RETURNING id", [c.id]);
  const prefix = `bench${randomBytes(2).toString('hex')}_`;
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, surcussale_id, password_hash)
     SELECT $4 || k, 'agent', 'Vendeur', k::text, $1, $2, $3 FROM generate_series(1, $5) k`,
    [c.id, s.id, hash, prefix, agents],
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, password_hash, full_access)
     VALUES ($3 || 'admin', 'company', 'Admin', 'Bench', $1, $2, true)`,
    [c.id, hash, prefix],
  );
  // Four draws of the company's own, forced open: they sell at any hour of the run.
  const tirages = await raw.query(
    `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
     SELECT $1, 'Bench ' || k, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open' FROM generate_series(1, 4) k RETURNING id`,
    [c.id],
  );
  // Limits on: per game (company and a few agents) and on ten hot balls; free mariages from 50 HTG.
  await raw.query(
    `INSERT INTO sale_limits (company_id, code, max_amount)
     SELECT $1, code, 2000000 * $2::bigint FROM unnest(ARRAY[20, 30, 40, 41, 42, 43, 51, 52, 53]) code`,
    [c.id, limitScale],
  );
  await raw.query(
    `INSERT INTO sale_limits (company_id, code, number, max_amount)
     SELECT $1, 20, lpad((k * 7)::text, 2, '0'), 300000 * $2::bigint FROM generate_series(1, 10) k`,
    [c.id, limitScale],
  );
  await raw.query(
    `INSERT INTO sale_limits (company_id, agent_id, code, max_amount)
     SELECT $1, u.id, 20, 500000 * $2::bigint FROM users u WHERE u.company_id = $1 AND u.role = 'agent' LIMIT 8`,
    [c.id, limitScale],
  );
  await raw.query(
    'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 5000, 19999, 1), ($1, 20000, NULL, 2)',
    [c.id],
  );
  await raw.query("INSERT INTO boule_blocks (company_id, number) VALUES ($1, '13'), ($1, '00*99')", [c.id]);
  const agentNames = Array.from({ length: agents }, (_, i) => `${prefix}${i + 1}`);
  const agentIds = (
    await raw.query("SELECT id FROM users WHERE company_id = $1 AND role = 'agent' ORDER BY id", [c.id])
  ).map((r) => r.id);
  return { companyId: c.id, tirages: tirages.map((t) => t.id), agents: agentNames, agentIds, admin: `${prefix}admin` };
}

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const ball = () => String(Math.floor(Math.random() * 100)).padStart(2, '0');
const digits = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A ticket of 3-10 lines (half bolet, then mariages, loto 3/4/5) on one draw, or two (30 %). */
export function randomTicket(tirages) {
  const n = 3 + Math.floor(Math.random() * 8);
  const lines = [];
  for (let i = 0; i < n; i++) {
    const k = Math.random();
    const stake = 100 * (1 + Math.floor(Math.random() * 50));
    if (k < 0.5) lines.push({ code: 20, number: ball(), stake });
    else if (k < 0.7) {
      const a = ball();
      let b = ball();
      while (a === b) b = ball();
      lines.push({ code: 40, number: `${a}*${b}`, stake });
    } else if (k < 0.85) lines.push({ code: 30, number: digits(3), stake });
    else if (k < 0.95) lines.push({ code: pick([41, 42, 43]), number: digits(4), stake });
    else lines.push({ code: pick([51, 52, 53]), number: digits(5), stake });
  }
  const draws = Math.random() < 0.3 ? [tirages[0], tirages[1]] : [pick(tirages)];
  return { idempotency_key: randomUUID(), tirages: draws, lines };
}

export function request(agent, port, method, url, body, token) {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Token ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Signs every agent in; `withDevice`: from a point of sale's device of its own (issue 20's terminals). */
export async function loginAll(agent, port, usernames, { withDevice = false } = {}) {
  const tokens = [];
  for (const username of usernames) {
    const device = withDevice ? { device: { device_id: `bench-device-${username}`, name: 'Bench' } } : {};
    const r = await request(agent, port, 'POST', '/api/user/auth/login', {
      username,
      password: BENCH_PASSWORD,
      remember: false,
      ...device,
    });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.body}`);
    tokens.push(JSON.parse(r.body).accessToken);
  }
  return tokens;
}

/**
 * The real server (apps/server/src/main.ts) in its own process. BENCH_CPU_PROF=<dir>: it runs under
 * `node --cpu-prof` and writes its profile there when it stops (scripts/cpuprofile-top.mjs reads it).
 */
export function startServer(env, port) {
  const dir = process.env.BENCH_CPU_PROF;
  const prof = dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', src('main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.resume();
  child.stderr.on('data', (d) => process.stderr.write(d));
  return child;
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

export async function untilUp(port) {
  const agent = new http.Agent();
  for (let i = 0; i < 600; i++) {
    try {
      const r = await request(agent, port, 'GET', '/api/health');
      if (r.status === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error('server did not start');
}

/**
 * The sale as pgbench runs it (bench-engine, bench-keys, profile-sale): a random ticket of 6 bolet lines
 * and a mariage on one of the fixtures' 4 draws, by a random agent, with 3 free-mariage candidates.
 */
export function pgbenchSaleScript(fixtures) {
  const line = (i) =>
    `jsonb_build_object('code', 20, 'number', lpad((random() * 99)::int::text, 2, '0'), 'stake', 100 * (1 + (random() * 49)::int), 'pos', ${i})`;
  const agents = `(ARRAY[${fixtures.agentIds.join(',')}])[1 + (random() * ${fixtures.agentIds.length - 1})::int]`;
  return `SELECT borlette_sell(jsonb_build_object('company_id', ${fixtures.companyId}, 'agent_id', ${agents},
       'key', md5(random()::text), 'hash', 'h', 'ref_code', md5(random()::text),
       'tirages', jsonb_build_array((ARRAY[${fixtures.tirages.join(',')}])[1 + (random() * 3)::int]),
       'lines', jsonb_build_array(${[1, 2, 3, 4, 5, 6].map(line).join(', ')},
         jsonb_build_object('code', 40, 'number', lpad((random() * 49)::int::text, 2, '0') || '*' ||
                            lpad((50 + random() * 49)::int::text, 2, '0'), 'stake', 200, 'pos', 7)),
       'free', jsonb_build_array('01*02', '03*04', '05*06')));\n`;
}
