import { randomUUID } from 'node:crypto';
import { saleRefusal } from '@borlette/shared/contracts/sale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestApp, describeApi, expectErrorBody, login, type TestContext } from '../../../test/helpers';

/**
 * Issue 16: a refused sale names every problem of its ticket (each line and draw) at once, not the
 * first only; the answer stays the first problem's (code, message) with `problems` and a field per
 * line. Nothing is written, and a refused ticket takes no number.
 */
describeApi('a refused sale lists every problem of the ticket', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 1, tirages: 2 });
    agent = (await login(t.app, c.agents[0].username)).accessToken;
  });
  afterAll(() => t?.close());

  const sale = (tirages: number[], lines: object[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(agent),
      payload: { idempotency_key: randomUUID(), tirages, lines },
    });
  const written = async () =>
    (
      await t.database.raw.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM fiches WHERE company_id = $1)
              + (SELECT count(*) FROM sale_counters WHERE company_id = $1)
              + (SELECT count(*) FROM wallet_entries WHERE company_id = $1) AS n`,
        [c.company.id],
      )
    )[0].n;
  const refusal = (res: Awaited<ReturnType<typeof sale>>, status: number) => {
    const body = saleRefusal.parse(expectErrorBody(res, status));
    return { ...body, problems: body.problems ?? [] };
  };

  it('names 3 different bad lines (blocked ball, stake over the maximum, limit exceeded) in one answer', async () => {
    const [d1, d2] = c.tirages;
    await t.database.raw.query("INSERT INTO boule_blocks (company_id, number) VALUES ($1, '12')", [c.company.id]);
    await t.database.raw.query('UPDATE company_settings SET line_max_stake = 100000 WHERE company_id = $1', [
      c.company.id,
    ]);
    await t.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '45', 1000)",
      [c.company.id],
    );
    const before = await written();
    const body = refusal(
      await sale(
        [d1.id, d2.id],
        [
          { code: 20, number: '23', stake: 500 }, // fine
          { code: 40, number: '12*34', stake: 500 }, // a blocked ball in a mariage, on both draws
          { code: 20, number: '45', stake: 2000 }, // over its limit of 10 HTG, on both draws
          { code: 30, number: '123', stake: 200000 }, // over the stake per line
        ],
      ),
      409,
    );
    // The first problem, as before (the answer's shape is unchanged for it).
    expect(body).toMatchObject({
      code: 'BOULE_BLOCKED',
      message: `Ligne 2 : la boule 12 est bloquée pour ${[d1.name, d2.name].sort().join(', ')}.`,
    });
    // Every problem, in the ticket's order (the limit is checked on the counters, last).
    expect(body.problems.map((p) => [p.code, p.line])).toEqual([
      ['BOULE_BLOCKED', 2],
      ['LINE_MAX_STAKE', 4],
      ['LIMIT_EXCEEDED', 3],
      ['LIMIT_EXCEEDED', 3],
    ]);
    expect(body.problems.filter((p) => p.code === 'LIMIT_EXCEEDED').map((p) => p.tirage_id)).toEqual(
      [d1.id, d2.id].sort((a, b) => a - b),
    );
    expect(body.problems[1].message).toBe('Ligne 4 : la mise dépasse le maximum de 1 000,00 HTG par pari.');
    expect(body.problems[2].message).toMatch(/^Ligne 3 : 45 : maximum 10,00 HTG encore pour /);
    // One field per bad line (its messages together), none for the good one.
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['lines.1', 'lines.2', 'lines.3']);
    expect(body.fields?.['lines.2']).toMatch(/^Ligne 3 : 45 : .* Ligne 3 : 45 : /);
    expect(await written()).toBe(before);

    // Fixed as the answer said, it sells; a refused ticket took no number (the next one follows on).
    const first = await sale([d1.id], [{ code: 20, number: '23', stake: 500 }]);
    expect(first.statusCode).toBe(200);
    refusal(await sale([d1.id], [{ code: 20, number: '12', stake: 500 }]), 409);
    const second = await sale([d1.id], [{ code: 20, number: '23', stake: 500 }]);
    expect(Math.floor(second.json().number / 10)).toBe(Math.floor(first.json().number / 10) + 1);
    await t.database.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [c.company.id]);
    await t.database.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [c.company.id]);
  });

  it('names every closed draw and the ticket-wide problems with the lines’ ones', async () => {
    const [d1, d2] = c.tirages;
    await t.database.raw.query("UPDATE tirages SET mode = 'closed' WHERE company_id = $1", [c.company.id]);
    await t.database.raw.query('INSERT INTO limite_fiches (company_id, max_amount) VALUES ($1, 1000)', [c.company.id]);
    await t.database.raw.query("INSERT INTO boule_blocks (company_id, number, tirage_id) VALUES ($1, '77', $2)", [
      c.company.id,
      d2.id,
    ]);
    const body = refusal(
      await sale(
        [d2.id, d1.id],
        [
          { code: 20, number: '77', stake: 500 },
          { code: 20, number: '78', stake: 500 },
        ],
      ),
      409,
    );
    // The draws in the sale's order (by id), whatever the request's.
    expect(body).toMatchObject({ code: 'TIRAGE_CLOSED', message: `Le tirage ${d1.name} est fermé.` });
    expect(body.problems.map((p) => p.code)).toEqual([
      'TIRAGE_CLOSED',
      'TIRAGE_CLOSED',
      'BOULE_BLOCKED',
      'TICKET_LIMIT',
    ]);
    expect(body.problems.slice(0, 2).map((p) => p.tirage_id)).toEqual([d1.id, d2.id].sort((a, b) => a - b));
    expect(body.problems[2]).toMatchObject({ line: 1, message: `Ligne 1 : la boule 77 est bloquée pour ${d2.name}.` });
    expect(body.problems[3].message).toBe('La fiche dépasse la limite de 10,00 HTG (total 20,00 HTG).');
    expect(body.fields).toEqual({ 'lines.0': body.problems[2].message });
    await t.database.raw.query("UPDATE tirages SET mode = 'open' WHERE company_id = $1", [c.company.id]);
    await t.database.raw.query('DELETE FROM limite_fiches WHERE company_id = $1', [c.company.id]);
    await t.database.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [c.company.id]);
  });

  it('tells the POS the blocked balls in force (its company’s only), to flag them as they are typed', async () => {
    const [d1] = c.tirages;
    const other = await sellingCompany(t.database);
    await t.database.raw.query(
      `INSERT INTO boule_blocks (company_id, number, tirage_id, active) VALUES
         ($1, '12', NULL, true), ($1, '34', $2, true), ($1, '56', NULL, false), ($3, '78', NULL, true)`,
      [c.company.id, d1.id, other.company.id],
    );
    const config = await t.app.inject({ method: 'GET', url: '/api/agents/config', headers: auth(agent) });
    expect(config.json().blocked_balls).toEqual([
      { number: '12', tirage_id: null },
      { number: '34', tirage_id: d1.id },
    ]);
    await t.database.raw.query('DELETE FROM boule_blocks WHERE company_id IN ($1, $2)', [
      c.company.id,
      other.company.id,
    ]);
  });

  it('under parallel sales the limits still hold, and each refusal names all its problems', async () => {
    const [d1] = c.tirages;
    // 30 HTG left on 45 for the company; each ticket plays 10 HTG on 45 and 10 HTG on 46 (limit 20 HTG).
    await t.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '45', 3000), ($1, 20, '46', 2000)",
      [c.company.id],
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        sale(
          [d1.id],
          [
            { code: 20, number: '45', stake: 1000 },
            { code: 20, number: '46', stake: 1000 },
          ],
        ),
      ),
    );
    const sold = answers.filter((r) => r.statusCode === 200);
    expect(sold).toHaveLength(2); // 46 allows two tickets, 45 three: the tighter one decides
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      const body = refusal(r, 409);
      expect(body.problems.every((p) => p.code === 'LIMIT_EXCEEDED')).toBe(true);
      // 46 is over on every refused ticket; 45 as well once three tickets' worth is counted.
      expect(body.problems.some((p) => p.line === 2)).toBe(true);
    }
    const [row] = await t.database.raw.query<{ n45: number; n46: number }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE number = '45'), 0)::int AS n45,
              coalesce(sum(amount) FILTER (WHERE number = '46'), 0)::int AS n46
         FROM sale_counters WHERE company_id = $1 AND agent_id = 0 AND tirage_id = $2`,
      [c.company.id, d1.id],
    );
    expect(row).toEqual({ n45: 2000, n46: 2000 });
    await t.database.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [c.company.id]);
  });

  describe('malformed lines', () => {
    it('names every malformed line at once (400), and the first as before', async () => {
      const body = refusal(
        await sale(
          [c.tirages[0].id],
          [
            { code: 20, number: '1', stake: 100 },
            { code: 20, number: '23', stake: 100 },
            { code: 40, number: '12*12', stake: 100 },
          ],
        ),
        400,
      );
      expect(body.code).toBe('INVALID_LINE');
      expect(body.message).toMatch(/^Ligne 1 : /);
      expect(body.problems.map((p) => p.line)).toEqual([1, 3]);
      expect(Object.keys(body.fields ?? {})).toEqual(['lines.0', 'lines.2']);
    });
  });
});
