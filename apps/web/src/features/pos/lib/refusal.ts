/**
 * A refused sale as the sale screen shows it (issue 16): every problem of the ticket comes back at
 * once (contracts/fiches.ts saleRefusal). Line problems go beside their line (`fields`, ticket.ts
 * refusedLines); the others (closed draws, the ticket's limit, its potential payout, its size) are
 * listed above the lines.
 */
import { saleRefusal } from '@borlette/shared/contracts/sale';

export interface RefusalView {
  /** The problems not tied to a line, in the server's order. */
  general: string[];
  /** How many lines are refused (their messages are shown beside them). */
  lines: number;
  /** Problem codes, e.g. to reload the draws when one closed. */
  codes: string[];
}

export function readRefusal(body: unknown, message: string): RefusalView {
  const parsed = saleRefusal.safeParse(body);
  const b = parsed.success ? parsed.data : null;
  const lineFields = Object.keys(b?.fields ?? {}).filter((k) => /^lines\.\d+/.test(k));
  const lines = new Set(lineFields.map((k) => k.split('.')[1])).size;
  if (!b?.problems?.length) {
    // An answer without the list (an older server): its one message, unless it is a line's.
    return { general: lines > 0 ? [] : [message], lines, codes: b ? [b.code] : [] };
  }
  return {
    general: b.problems.filter((p) => p.line === undefined).map((p) => p.message),
    lines,
    codes: [...new Set(b.problems.map((p) => p.code))],
  };
}
