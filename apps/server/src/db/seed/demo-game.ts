import { randomBytes, randomUUID } from 'node:crypto';
import { drawFreePairs } from '@borlette/shared/game/free-pairs';
import type { RawClient } from '../client';

/** The draw of the demo that sells at any hour (forced open) until its result is entered. */
export const DEMO_TIRAGE = 'Tirage Démo';

/**
 * The demo company's game settings beyond the defaults, and today's first tickets, sold through the
 * real sale (borlette_sell): free mariages from 50 HTG, a game limit and a ball limit, a blocked
 * ball, and a draw of its own that sells whatever the hour so that the whole chain (sell -> result ->
 * winners -> pay) can be tried at once.
 */
export async function seedDemoGame(raw: RawClient, companyId: number, agentIds: number[]) {
  await raw.query(
    'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 5000, 24999, 1), ($1, 25000, NULL, 2)',
    [companyId],
  );
  await raw.query(
    `INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES
       ($1, 20, NULL, 500000), ($1, 40, NULL, 100000), ($1, 20, '13', 30000)`,
    [companyId],
  );
  await raw.query("INSERT INTO boule_blocks (company_id, number, note) VALUES ($1, '00', 'Boule chaude')", [companyId]);
  const [t] = await raw.query<{ id: number }>(
    `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
     VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
    [companyId, DEMO_TIRAGE],
  );
  return seedDemoTickets(raw, companyId, t.id, agentIds);
}

/** Today's first tickets of the demo on its own draw, through the real sale; returns how many were sold. */
export async function seedDemoTickets(raw: RawClient, companyId: number, tirageId: number, agentIds: number[]) {
  if (!agentIds.length) return 0;
  const bets = [
    [
      { code: 20, number: '23', stake: 1000 },
      { code: 40, number: '23*67', stake: 500 },
      { code: 30, number: '123', stake: 200 },
    ],
    [
      { code: 20, number: '45', stake: 2500 },
      { code: 20, number: '67', stake: 2500 },
    ],
    [
      { code: 41, number: '4567', stake: 100 },
      { code: 20, number: '07', stake: 1500 },
      { code: 40, number: '12*34', stake: 1000 },
    ],
    [
      { code: 20, number: '88', stake: 5000 },
      { code: 30, number: '777', stake: 500 },
      { code: 51, number: '12345', stake: 100 },
    ],
  ];
  let sold = 0;
  for (let i = 0; i < 12; i++) {
    const lines = bets[i % bets.length].map((l, k) => ({ ...l, pos: k + 1 }));
    // A sale the company's present rules refuse (a limit or a block the admin added since, on a reset)
    // is left out, not the whole seeding: each sale under its own savepoint.
    await raw.exec('SAVEPOINT demo_sale');
    try {
      await raw.query('SELECT borlette_sell($1)', [
        JSON.stringify({
          company_id: companyId,
          agent_id: agentIds[i % agentIds.length],
          key: randomUUID(),
          hash: `demo-${i}`,
          ref_code: randomBytes(16).toString('base64url'),
          tirages: [tirageId],
          lines,
          free: drawFreePairs(24, { blocked: new Set(['00']), exclude: new Set() }),
        }),
      ]);
      await raw.exec('RELEASE SAVEPOINT demo_sale');
      sold++;
    } catch (err) {
      await raw.exec('ROLLBACK TO SAVEPOINT demo_sale');
      // Only the sale's own refusals (P0001, db/migrations/0004): anything else is a real fault.
      if ((err as { code?: string }).code !== 'P0001') throw err;
    }
  }
  return sold;
}
