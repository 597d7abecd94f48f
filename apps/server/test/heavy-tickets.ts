import type { RawClient } from '../src/db/client';

/**
 * The heaviest day an agent can have (issue 15, defect 5): `tickets` tickets of `lines` lines on each of
 * `draws` draws, sold today in the company's zone, written by SQL in a few statements (selling them
 * through the engine one by one would take minutes). `legacy`: one more ticket of that many lines per
 * draw, as a ticket sold before the ceilings could be (the lists must stay bounded whatever the
 * database holds). Used by the heavy-lists test and scripts/bench-lists.mjs.
 */
export async function heavyAgentDay(
  raw: RawClient,
  v: {
    companyId: number;
    agentId: number;
    tirageIds: number[];
    tickets: number;
    lines: number;
    legacy?: number;
    stake?: number;
  },
): Promise<{ ficheIds: number[] }> {
  const stake = v.stake ?? 100;
  const perTicket = (lines: number) => lines * v.tirageIds.length * stake;
  const sold = await raw.query<{ id: number; number: number }>(
    `WITH c AS (SELECT (now() AT TIME ZONE timezone)::date AS day FROM companies WHERE id = $1),
          n AS (SELECT coalesce(max(number), 0) AS top FROM fiches WHERE company_id = $1)
     INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash,
                         sale_date, sold_at, amount, commission_bp, commission_amount)
     SELECT $1, n.top + g, md5(random()::text || g) || md5(g::text), $2,
            (SELECT surcussale_id FROM users WHERE id = $2), 'heavy-' || md5(random()::text || g), 'heavy',
            c.day, now() - g * interval '1 second',
            CASE WHEN g <= $3::int THEN $4::bigint ELSE $5::bigint END, 1000,
            (CASE WHEN g <= $3::int THEN $4::bigint ELSE $5::bigint END) / 10
       FROM c, n, generate_series(1, $3::int + $6::int) g
     RETURNING id, number`,
    [v.companyId, v.agentId, v.tickets, perTicket(v.lines), perTicket(v.legacy ?? 0), v.legacy ? 1 : 0],
  );
  // Numbers follow g: the legacy ticket is the last one.
  const rows = sold
    .sort((a, b) => Number(a.number) - Number(b.number))
    .map((r, i) => ({ id: r.id, lines: i < v.tickets ? v.lines : (v.legacy ?? 0) }));
  await raw.query(
    `INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount, commission_amount)
     SELECT f.company_id, f.id, t, f.sale_date, f.amount / $3, f.commission_amount / $3
       FROM fiches f, unnest($2::bigint[]) t WHERE f.id = ANY($1::bigint[])`,
    [rows.map((r) => r.id), v.tirageIds, v.tirageIds.length],
  );
  for (const lines of new Set(rows.map((r) => r.lines))) {
    await raw.query(
      `INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1, prime2, prime3)
       SELECT ft.company_id, ft.fiche_id, ft.tirage_id, ft.draw_date, p, 20, lpad((p % 100)::text, 2, '0'), $3, 50, 20, 10
         FROM fiche_tirages ft, generate_series(1, $2::int) p
        WHERE ft.fiche_id = ANY($1::bigint[])`,
      [rows.filter((r) => r.lines === lines).map((r) => r.id), lines, stake],
    );
  }
  return { ficheIds: rows.map((r) => r.id) };
}
