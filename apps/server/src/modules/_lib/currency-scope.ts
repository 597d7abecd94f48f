import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { rows as all, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { authOf } from '../../http/auth';
import { type Period, type ReportFilterValues, resolvePeriod, tenantWhere } from './report-scope';
import { companyScope } from './scope';

/**
 * Money is never added across currencies (issue 16). A company has one currency; the superuser with
 * « Toutes » reads companies that may each have their own. The home board and the statistics then
 * read one currency at a time: the one asked (`currency`), or by default the selected country's (else
 * the first in alphabetical order), and name every currency of the selection so that the screen can
 * offer the others. A company's user always reads its company's currency, whatever it asks.
 */

export interface CurrencyPeriod extends Period {
  /** Every currency of the request's companies (one for a company), the default first. */
  currencies: string[];
}

/** The period (report-scope.ts) and the currency of the figures: `q.currency` when the selection has it. */
export async function resolveCurrencyPeriod(
  raw: RawClient,
  request: HasAuth,
  q: ReportFilterValues & { currency?: string },
): Promise<CurrencyPeriod> {
  const period = await resolvePeriod(raw, request, q);
  if (companyScope(request) !== null) return { ...period, currencies: [period.currency] };
  const currencies = await scopeCurrencies(raw, request, period.currency);
  const currency = q.currency && currencies.includes(q.currency) ? q.currency : currencies[0];
  return { ...period, currency, currencies };
}

/** The currencies of the selection's companies: the country's first (`preferred`), then by name. */
export async function scopeCurrencies(raw: RawClient, request: HasAuth, preferred: string): Promise<string[]> {
  const country = authOf(request).selectCountryCode;
  const rows = await all(
    raw,
    z.object({ currency: z.string() }),
    sql`SELECT DISTINCT c.currency FROM companies c
       LEFT JOIN countries k ON k.id = c.country_id
      WHERE ${country ?? null}::text IS NULL OR k.name_code = ${country ?? null}
      ORDER BY 1`,
  );
  const found = rows.map((r) => r.currency);
  if (!found.length) return [preferred];
  return found.includes(preferred) ? [preferred, ...found.filter((c) => c !== preferred)] : found;
}

/** `column` (a company id) limited to the companies whose currency is the period's (« Toutes » only). */
export function currencyWhere(ctx: HasAuth, column: Sql, period: Pick<Period, 'currency'>): Sql[] {
  if (companyScope(ctx) !== null) return [];
  return [sql`${column} IN (SELECT cc.id FROM companies cc WHERE cc.currency = ${period.currency})`];
}

/** The request's companies (tenantWhere) that keep their figures in the period's currency. */
export function currencyTenantWhere(ctx: HasAuth, column: Sql, period: Pick<Period, 'currency'>): Sql[] {
  return [...tenantWhere(ctx, column), ...currencyWhere(ctx, column, period)];
}
