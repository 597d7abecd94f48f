import type { CurrentUser } from '@borlette/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { loadCurrentUser } from './current-user';

const anyRow = z.object({});

/** The superuser's company to act on: a ref_code, or 'all'. */
export async function selectCompany(database: Database, ctx: RequestContext, ref: string): Promise<CurrentUser> {
  const auth = authOf(ctx);
  const { raw } = database;
  if (ref !== 'all') {
    const found = await rows(raw, anyRow, sql`SELECT 1 FROM companies WHERE ref_code = ${ref}`);
    if (!found.length) throw badRequest('Compagnie introuvable.', { ref_code: 'Compagnie introuvable.' });
  }
  // The choice and its audit entry commit together (docs/conventions.md « Audit »).
  await database.transaction(async (tx) => {
    await execute(tx, sql`UPDATE users SET select_company = ${ref}, updated_at = now() WHERE id = ${auth.userId}`);
    await audit(tx, ctx, {
      action: 'select_company',
      entity: 'user',
      entityId: auth.userId,
      companyId: null,
      before: { select_company: auth.selectCompany },
      after: { select_company: ref },
    });
  });
  return loadCurrentUser(raw, auth.userId);
}

/** The country that filters the superuser's lists (null: every country). */
export async function selectCountry(
  database: Database,
  ctx: RequestContext,
  code: string | null,
): Promise<CurrentUser> {
  const auth = authOf(ctx);
  const { raw } = database;
  if (code) {
    const found = await rows(raw, anyRow, sql`SELECT 1 FROM countries WHERE name_code = ${code}`);
    if (!found.length) throw badRequest('Pays introuvable.', { country_code: 'Pays introuvable.' });
  }
  await database.transaction(async (tx) => {
    // A selected company outside the new country no longer fits the filter: back to 'all'.
    await execute(
      tx,
      sql`UPDATE users SET select_country_code = ${code}, updated_at = now(),
                 select_company = CASE
                   WHEN ${code}::text IS NULL OR select_company IS NULL OR select_company = 'all' THEN select_company
                   WHEN EXISTS (SELECT 1 FROM companies c JOIN countries k ON k.id = c.country_id
                                 WHERE c.ref_code = users.select_company AND k.name_code = ${code}::text) THEN select_company
                   ELSE 'all' END
           WHERE id = ${auth.userId}`,
    );
    await audit(tx, ctx, {
      action: 'select_country',
      entity: 'user',
      entityId: auth.userId,
      companyId: null,
      before: { select_country_code: auth.selectCountryCode },
      after: { select_country_code: code },
    });
  });
  return loadCurrentUser(raw, auth.userId);
}
