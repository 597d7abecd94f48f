import type { SaleCheckAnswer, SaleProblem, saleCheckInput } from '@borlette/shared/contracts/sale';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { normalisedLines } from './sale.service';

/** An amount the engine answers as text (exact past 2^53): a number while safe, else a bigint (money). */
const amountText = z
  .string()
  .nullable()
  .transform((v) => {
    if (v === null) return null;
    const n = Number(v);
    return (Number.isSafeInteger(n) ? n : BigInt(v)) as number;
  });
const engineProblem = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
  tirage_id: z.number().int().optional(),
});
const checkRow = z.object({
  c: z.object({
    problems: z.array(engineProblem.passthrough()),
    cells: z.array(z.object({ line: z.number().int(), tirage_id: z.number().int(), remaining: amountText })).nullable(),
    total: amountText,
    payout: amountText,
  }),
});

/** A problem as the refusal answers it (http/errors.ts refusalProblem): the engine's extras dropped. */
const asProblem = (p: z.infer<typeof engineProblem>): SaleProblem => ({
  code: p.code,
  message: p.message,
  ...(p.line !== undefined ? { line: p.line } : {}),
  ...(p.tirage_id !== undefined ? { tirage_id: p.tirage_id } : {}),
});

/**
 * The live check (issue 18): what the sale would refuse now for this body, and what remains under the
 * limits per line and draw, in one read-only round trip (`borlette_check`: no row, number, counter or
 * lock). The sale stays the authority. Refusals that stop a sale outright (not an agent, blocked
 * company/branch/agent, unpaid invoice, another company's draw) answer as the sale's do.
 */
export async function checkSale(
  database: Database,
  ctx: RequestContext,
  input: z.output<typeof saleCheckInput>,
): Promise<SaleCheckAnswer> {
  const auth = authOf(ctx);
  let lines: ReturnType<typeof normalisedLines>;
  try {
    lines = normalisedLines(input.lines);
  } catch (e) {
    // The sale refuses malformed lines before the engine, every one named: the check lists them.
    if (!(e instanceof AppError) || e.code !== 'INVALID_LINE') throw e;
    const problems = (e.problems ?? []).map((p) => asProblem(engineProblem.parse(p)));
    return { ok: false, problems, cells: [], total: null, payout: null };
  }
  const tirages = [...new Set(input.tirages)].sort((a, b) => a - b);
  // A named prepared statement, as the sale's (db/sql.ts does not name them).
  const [row] = await database.raw.query(
    'SELECT borlette_check($1) AS c',
    [
      JSON.stringify({
        company_id: auth.ownCompanyId,
        agent_id: auth.userId,
        session_id: auth.sessionId,
        terminal_id: auth.terminalId,
        tirages,
        lines,
      }),
    ],
    'borlette_check',
  );
  const { c } = checkRow.parse(row);
  const problems = c.problems.map(asProblem);
  const cells = (c.cells ?? []).map((cell) => ({
    ...cell,
    // A line's problems, and those of that line on that draw.
    problems: problems.filter(
      (p) => p.line === cell.line && (p.tirage_id === undefined || p.tirage_id === cell.tirage_id),
    ),
  }));
  return { ok: problems.length === 0, problems, cells, total: c.total, payout: c.payout };
}
