import { createHash, randomFillSync } from 'node:crypto';
import type { SaleLocation, saleInput } from '@borlette/shared/contracts/sale';
import { type BetCode, isMariageGame, normaliseBet } from '@borlette/shared/game/bets';
import { GameError } from '@borlette/shared/game/errors';
import { drawFreePairs } from '@borlette/shared/game/free-pairs';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, sql } from '../../db/sql';
import { type AuthContext, authOf, type HasAuth } from '../../http/auth';
import { AppError } from '../../http/errors';

/** Random free-pair candidates sent with each sale; the SQL keeps the first ones it may use. */
const FREE_CANDIDATES = 24;

/** Random bytes for the tickets' ref codes, drawn 256 codes at a time (one call instead of one per sale). */
const REF_BYTES = 16;
const refPool = Buffer.alloc(REF_BYTES * 256);
let refAt = refPool.length;

/** A ticket's ref code: 16 random bytes (CSPRNG), base64url — the secret of its public link and QR code. */
export function newRefCode(): string {
  if (refAt >= refPool.length) {
    randomFillSync(refPool);
    refAt = 0;
  }
  const code = refPool.toString('base64url', refAt, refAt + REF_BYTES);
  // Each byte serves once: wiped so that no later code can repeat it.
  refPool.fill(0, refAt, refAt + REF_BYTES);
  refAt += REF_BYTES;
  return code;
}

/** The ticket as JSON text (checked as text only: its shape is the contract test's, saleAnswer). */
const soldRow = z.object({ f: z.string() });

/** A line as borlette_sell and borlette_check take it (normalised, 1-based position). */
export type EngineLine = { code: BetCode; number: string; stake: number; pos: number };

/**
 * The lines normalised with the shared rules; every malformed line is named at once (issue 16), as the
 * engine names every other problem (400 INVALID_LINE with `problems`). The live check reads the same.
 */
export function normalisedLines(input: z.output<typeof saleInput>['lines']): EngineLine[] {
  const lines: EngineLine[] = [];
  const problems: { code: string; message: string; line: number }[] = [];
  input.forEach((line, i) => {
    try {
      const bet = normaliseBet({ code: line.code as BetCode, number: line.number, stake: line.stake });
      lines.push({ code: bet.code, number: bet.number, stake: bet.stake, pos: i + 1 });
    } catch (e) {
      if (!(e instanceof GameError)) throw e;
      const message = `Ligne ${i + 1} : ${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}`;
      problems.push({ code: 'INVALID_LINE', message, line: i + 1 });
    }
  });
  if (problems.length > 0) {
    const fields = Object.fromEntries(problems.map((p) => [`lines.${p.line - 1}`, p.message]));
    throw new AppError(400, 'INVALID_LINE', problems[0].message, fields, problems);
  }
  return lines;
}

/**
 * The sale as `borlette_sell` takes it, but for who sells (company_id, agent_id): the lines validated
 * and normalised with the shared rules (400 INVALID_LINE), the retry hash, a new ref code, the
 * free-mariage candidates. Everything else is the SQL's, in ONE round trip, all or nothing (docs/engine.md).
 */
export function saleOrder(input: z.output<typeof saleInput>): Record<string, unknown> {
  const lines = normalisedLines(input.lines);
  const tirages = [...new Set(input.tirages)].sort((a, b) => a - b);
  // The same key with the same content is a retry; with another content, a mistake (409).
  const hash = createHash('sha256')
    .update(JSON.stringify({ tirages, lines: lines.map(({ code, number, stake }) => [code, number, stake]) }))
    .digest('hex');
  const played = new Set(lines.filter((l) => isMariageGame(l.code)).map((l) => l.number));
  const free = drawFreePairs(FREE_CANDIDATES, { blocked: new Set(), exclude: played });
  return { key: input.idempotency_key, hash, ref_code: newRefCode(), tirages, lines, free };
}

/** The sale for a session already resolved (the answer is the ticket as JSON text, as above). */
export async function sellTicket(database: Database, ctx: HasAuth, input: z.output<typeof saleInput>): Promise<string> {
  const auth = authOf(ctx);
  // The named prepared statement is why this call does not go through db/sql.ts.
  const [row] = await database.raw.query(
    'SELECT borlette_sell($1)::text AS f',
    [
      JSON.stringify({
        company_id: auth.ownCompanyId,
        agent_id: auth.userId,
        session_id: auth.sessionId,
        terminal_id: auth.terminalId,
        ...saleOrder(input),
      }),
    ],
    'borlette_sell',
  );
  const ticket = soldRow.parse(row).f;
  if (input.location) await recordSaleLocation(database, auth, ticket, input.location);
  return ticket;
}

const soldId = z.object({ id: z.number(), replayed: z.boolean() });

/**
 * Where the ticket was sold (issue 20), in a side table after the sale: the sale's function and its
 * one round trip stay as they are. Kept only when the company asks for it; a replay keeps the first.
 * A failure here never undoes the sale (it is sold): the location is simply missing.
 */
async function recordSaleLocation(database: Database, auth: AuthContext, ticket: string, at: SaleLocation) {
  const sold = soldId.safeParse(JSON.parse(ticket));
  if (!sold.success || sold.data.replayed) return;
  try {
    await execute(
      database.raw,
      sql`INSERT INTO fiche_locations (company_id, fiche_id, latitude, longitude, accuracy_m, terminal_id)
          SELECT ${auth.ownCompanyId}, ${sold.data.id}, ${at.latitude}, ${at.longitude}, ${at.accuracy_m ?? null}, ${auth.terminalId}
            FROM company_settings WHERE company_id = ${auth.ownCompanyId} AND sale_location
          ON CONFLICT (company_id, fiche_id) DO NOTHING`,
    );
  } catch {
    // The ticket is sold; only its location is lost.
  }
}
