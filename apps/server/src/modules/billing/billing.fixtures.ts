import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { FacturationsPage, Invoice } from '@borlette/shared/contracts/billing';
import type { LightMyRequestResponse } from 'fastify';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestDatabase, createUser, login, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { type Config, testConfig } from '../../config';
import type { Database } from '../../db/client';

/**
 * The world of the billing suites: an app (with the billing configuration a suite needs), a
 * full-access superuser (root), platform staff (generals) holding some payment codenames or none,
 * and helpers to make agents active (real sales through the engine, or summaries of a past month).
 */

export interface BillingWorld extends TestContext {
  /** Full-access superuser. */
  root: string;
  rootId: number;
  /** A general holding view_payment only. */
  viewer: string;
  /** A general holding view_company only (no payment codename). */
  stranger: string;
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
}

export async function billingWorld(config: Partial<Config> = {}): Promise<BillingWorld> {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent', ...config }) });
  await app.ready();
  const r = await createUser(database, { role: 'superuser', fullAccess: true });
  const root = (await login(app, r.username)).accessToken;
  const viewer = (
    await login(app, (await createUser(database, { role: 'superuser', permissions: ['view_payment'] })).username)
  ).accessToken;
  const stranger = (
    await login(app, (await createUser(database, { role: 'superuser', permissions: ['view_company'] })).username)
  ).accessToken;
  return {
    app,
    database,
    root,
    rootId: r.id,
    viewer,
    stranger,
    close: async () => {
      await app.close();
      await drop();
    },
    call: (method, url, token, payload) => app.inject({ method, url, headers: auth(token), payload }),
  };
}

/** A company admin's token (full access in its company, no platform codename). */
export async function companyAdmin(w: BillingWorld, companyId: number): Promise<string> {
  const u = await createUser(w.database, { role: 'company', companyId, fullAccess: true });
  return (await login(w.app, u.username)).accessToken;
}

/** A company whose `sellers` first agents each sell one ticket today (real sales: they are active). */
export async function companyWithSales(
  database: Database,
  opts: { agents: number; sellers?: number },
): Promise<SellingCompany> {
  const c = await sellingCompany(database, { agents: opts.agents });
  for (const a of c.agents.slice(0, opts.sellers ?? opts.agents)) {
    await sell(database.raw, {
      companyId: c.company.id,
      agentId: a.id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: String(Math.floor(Math.random() * 100)).padStart(2, '0'), stake: 1000 }],
      key: randomUUID(),
    });
  }
  return c;
}

/**
 * `count` agents active on days of a past month, as the sale's summaries record them (one row per
 * agent and day, tickets > 0), plus `idle` rows of agents whose tickets were all cancelled
 * (tickets = 0: not active). Sales themselves can only happen today; the invoice reads the summaries.
 */
export async function pastActivity(
  database: Database,
  companyId: number,
  month: string,
  count: number,
  idle = 0,
): Promise<void> {
  await database.raw.query(
    `INSERT INTO stats_agent_day (company_id, business_date, agent_id, tickets, sales)
     SELECT $1::bigint, ($2::text || '-01')::date + (g % 28), 1000000 + g, 1 + g % 3, 1000
       FROM generate_series(1, $3::int) g
     UNION ALL
     SELECT $1::bigint, ($2::text || '-01')::date + 1, 2000000 + g, 0, 0 FROM generate_series(1, $4::int) g`,
    [companyId, month, count, idle],
  );
  // One agent active on several days counts once.
  if (count > 0) {
    await database.raw.query(
      `INSERT INTO stats_agent_day (company_id, business_date, agent_id, tickets, sales)
       VALUES ($1, ($2::text || '-01')::date + 27, 1000001, 2, 2000) ON CONFLICT DO NOTHING`,
      [companyId, month],
    );
  }
}

/**
 * The text a PDF shows: every content stream (inflated when compressed) and the strings of its
 * text operators (pdfkit writes the standard fonts' WinAnsi codes as hex strings in TJ arrays).
 */
export function pdfText(pdf: Buffer): string {
  const s = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const start = m.index + m[0].length;
    const end = s.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = pdf.subarray(start, end).toString('latin1');
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}

/** The first and last days of the month of a 'YYYY-MM-DD'. */
export function monthRange(day: string) {
  const [y, m] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { start_date: `${day.slice(0, 7)}-01`, end_date: last };
}

/** A month `back` months before the month of `day` ('YYYY-MM'). */
export function monthBefore(day: string, back: number): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
}

export const qs = (o: Record<string, string | number | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The platform's invoices list (and, under it, each invoice's PDF). */
export const FACTURATIONS = '/api/generals/facturations';

/** GET the invoices list as `token` (200 expected), and the invoice of a company for a period. */
export function invoiceReader(w: () => BillingWorld) {
  const list = async (token: string, q: Record<string, string | number | undefined>) => {
    const res = await w().call('GET', `${FACTURATIONS}?${qs(q)}`, token);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as FacturationsPage;
  };
  const invoiceOf = async (ref: string, range: { start_date: string; end_date: string }) =>
    (await list(w().root, { ...range, company: ref })).results[0] as Invoice | undefined;
  return { list, invoiceOf };
}
