import { randomBytes, randomUUID } from 'node:crypto';
import { lotsFromResult } from '@borlette/shared/game/lots';
import type { Database, RawClient } from '../src/db/client';
import { middayZone } from './harness/midday-zone';
import { createCompany, createUser } from './helpers';

export { middayZone };

/**
 * Fixtures of the engine's tests: a company that can sell at any hour of the test run, tickets sold
 * through the real SQL sale, results entered and settled. Nothing here bypasses a rule of the sale.
 */

/** The company's business date now ('YYYY-MM-DD'). */
export async function companyToday(raw: RawClient, companyId: number): Promise<string> {
  const [row] = await raw.query<{ d: string }>(
    "SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS d FROM companies WHERE id = $1",
    [companyId],
  );
  return row.d;
}

/**
 * A draw of the company's own, forced open: it sells at any hour until its result, and a result may
 * be entered at once (its close time, 00:01, has passed in a midday zone).
 */
export async function createOpenTirage(
  raw: RawClient,
  companyId: number,
  name = `Test ${randomBytes(3).toString('hex')}`,
) {
  const [row] = await raw.query<{ id: number }>(
    `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
     VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
    [companyId, name],
  );
  return { id: row.id, name };
}

export interface SellingCompany {
  company: { id: number; ref_code: string };
  surcussaleId: number;
  agents: { id: number; username: string }[];
  tirages: { id: number; name: string }[];
  today: string;
}

/** A company in a midday zone with a sub-branch, `agents` agents and `tirages` forced-open draws. */
export async function sellingCompany(database: Database, opts: { agents?: number; tirages?: number } = {}) {
  const company = await createCompany(database);
  await database.raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [company.id, middayZone()]);
  const [s] = await database.raw.query<{ id: number }>(
    'INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id',
    [company.id, `Succursale ${randomBytes(3).toString('hex')}`],
  );
  const agents: { id: number; username: string }[] = [];
  for (let i = 0; i < (opts.agents ?? 1); i++) {
    const a = await createUser(database, { role: 'agent', companyId: company.id, fullAccess: true });
    await database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [a.id, s.id]);
    agents.push(a);
  }
  const tirages = [];
  for (let i = 0; i < (opts.tirages ?? 1); i++) tirages.push(await createOpenTirage(database.raw, company.id));
  return {
    company,
    surcussaleId: s.id,
    agents,
    tirages,
    today: await companyToday(database.raw, company.id),
  } satisfies SellingCompany;
}

export interface SellLine {
  code: number;
  number: string;
  stake: number;
}

/** Sells through borlette_sell (the function the POS endpoint calls). Throws the engine's refusal. */
export async function sell(
  raw: RawClient,
  v: { companyId: number; agentId: number; tirages: number[]; lines: SellLine[]; key?: string; free?: string[] },
) {
  const key = v.key ?? randomUUID();
  const [row] = await raw.query<{ f: Record<string, unknown> & { id: number; number: number; sale_date: string } }>(
    'SELECT borlette_sell($1) AS f',
    [
      JSON.stringify({
        company_id: v.companyId,
        agent_id: v.agentId,
        key,
        hash: `fixture-${JSON.stringify([v.tirages, v.lines])}`,
        ref_code: randomBytes(16).toString('base64url'),
        tirages: v.tirages,
        lines: v.lines.map((l, i) => ({ ...l, pos: i + 1 })),
        free: v.free ?? [],
      }),
    ],
  );
  return row.f;
}

/** Enters (or corrects) a result and settles, as the info-tirage endpoints do, in one transaction. */
export async function enterResult(
  database: Database,
  v: { companyId: number; tirageId: number; date: string; pick3: string; pick4: string; allowPaid?: boolean },
) {
  const lots = lotsFromResult({ pick3: v.pick3, pick4: v.pick4 });
  return database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'manual')
       ON CONFLICT (company_id, tirage_id, draw_date) DO UPDATE
         SET pick3 = EXCLUDED.pick3, pick4 = EXCLUDED.pick4, lot1 = EXCLUDED.lot1, lot2 = EXCLUDED.lot2,
             lot3 = EXCLUDED.lot3, version = info_tirages.version + 1, updated_at = now()`,
      [v.companyId, v.tirageId, v.date, v.pick3, v.pick4, lots.lot1, lots.lot2, lots.lot3],
    );
    const [row] = await tx.query<{
      s: { tickets: number; winners: number; win_amount: number; changed_lines: number; reversed: number };
    }>('SELECT borlette_settle($1, $2, $3, NULL, $4) AS s', [v.companyId, v.tirageId, v.date, v.allowPaid ?? false]);
    return row.s;
  });
}
