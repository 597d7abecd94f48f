import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';
import { AppError } from '../../http/errors';

/**
 * An agent reaches a ticket it did not sell only with what the receipt holds (issue 15, defect 6):
 * the QR's secret (`ref`, the ticket's 128-bit random ref_code) or its number AND the verification
 * code printed on it (8 symbols of 32 = 40 bits, derived in SQL from ref_code: borlette_fiche_code).
 * A number alone tells nothing: the same answer whether the ticket exists or not.
 *
 * Wrong proofs are limited per user: at most FAILURE_LIMIT per window of WINDOW_MINUTES (the row of
 * fiche_proof_failures is updated first, so one user's proofs are checked one at a time and parallel
 * guesses cannot pass the limit). 10 guesses per 15 min against 2^40 codes: one chance in ~10^11 per
 * window, about 2·10^6 years per agent account for an even chance (without the limit, 1,000 guesses a
 * second would still need ~35 years); the limit mostly stops scripts.
 */
export const FAILURE_LIMIT = 10;
export const WINDOW_MINUTES = 15;

export interface PayProof {
  number?: number;
  code?: string;
  ref?: string;
}

const idRow = z.object({ id: z.number().int() });

const NOT_FOUND = 'Fiche introuvable : vérifiez le numéro et le code de vérification du reçu, ou scannez son code QR.';

/** The id of the company's ticket the proof designates; 400 without proof, 404 wrong proof, 429 throttled. */
export async function provenFicheId(
  database: Database,
  companyId: number,
  userId: number,
  proof: PayProof,
): Promise<number> {
  if (!proof.ref && !(proof.number && proof.code)) {
    throw new AppError(
      400,
      'PROOF_REQUIRED',
      proof.number
        ? 'Saisissez aussi le code de vérification imprimé sur le reçu, ou scannez son code QR.'
        : 'Saisissez le numéro et le code de vérification du reçu, ou scannez son code QR.',
      proof.number ? { code: 'Le code de vérification est requis' } : undefined,
    );
  }
  const outcome = await database.transaction(async (tx): Promise<{ wait?: number; id?: number }> => {
    await execute(
      tx,
      sql`INSERT INTO fiche_proof_failures (user_id, company_id) VALUES (${userId}, ${companyId}) ON CONFLICT (user_id) DO NOTHING`,
    );
    // Locks the user's row until the end of this transaction; an elapsed window starts again.
    const t = await oneRow(
      tx,
      z.object({ failures: z.number().int(), wait_minutes: z.number().int() }),
      sql`UPDATE fiche_proof_failures
          SET failures = CASE WHEN window_start <= now() - make_interval(mins => ${WINDOW_MINUTES}) THEN 0 ELSE failures END,
              window_start = CASE WHEN window_start <= now() - make_interval(mins => ${WINDOW_MINUTES}) THEN now() ELSE window_start END
        WHERE user_id = ${userId}
        RETURNING failures,
                  greatest(1, ceil(extract(epoch FROM window_start + make_interval(mins => ${WINDOW_MINUTES}) - now()) / 60))::int
                    AS wait_minutes`,
    );
    if (t.failures >= FAILURE_LIMIT) return { wait: t.wait_minutes };
    const number = proof.number ?? null;
    const row = await firstRow(
      tx,
      idRow,
      proof.ref
        ? sql`SELECT id FROM fiches WHERE ref_code = ${proof.ref} AND company_id = ${companyId} AND (${number}::bigint IS NULL OR number = ${number})`
        : sql`SELECT id FROM fiches WHERE company_id = ${companyId} AND number = ${number} AND borlette_fiche_code(ref_code) = ${proof.code}`,
    );
    if (row) return { id: row.id };
    // Committed with the answer: the failure counts even though the request is refused.
    await execute(tx, sql`UPDATE fiche_proof_failures SET failures = failures + 1 WHERE user_id = ${userId}`);
    return {};
  });
  if (outcome.wait !== undefined)
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Trop de codes erronés : réessayez dans ${outcome.wait} minute${outcome.wait > 1 ? 's' : ''}.`,
    );
  if (outcome.id === undefined) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  return outcome.id;
}
