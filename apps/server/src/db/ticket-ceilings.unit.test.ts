import { readFileSync } from 'node:fs';
import { PLATFORM_CEILINGS } from '@borlette/shared/contracts/company-settings';
import { describe, expect, it } from 'vitest';

/**
 * The sale (borlette_sell, migration 0009) repeats the platform's ceilings in SQL: they must stay the
 * ones of contracts/company-settings.ts (a later migration redefining the sale keeps this test true).
 */
describe('the platform ceilings in the sale’s SQL', () => {
  const migration = (name: string) => readFileSync(new URL(`./migrations/${name}`, import.meta.url), 'utf8');
  const sql = migration('0009_ticket_bounds_numbers.sql');

  it('are PLATFORM_CEILINGS', () => {
    expect(sql).toContain(`least(cs.ticket_max_lines, ${PLATFORM_CEILINGS.ticketLines})`);
    expect(sql).toContain(`least(cs.ticket_max_draws, ${PLATFORM_CEILINGS.ticketDraws})`);
    expect(sql).toContain(`least(cs.line_max_stake, ${PLATFORM_CEILINGS.lineStake})`);
    expect(sql).toContain(`least(cs.ticket_max_payout, ${PLATFORM_CEILINGS.ticketPayout})`);
  });
});
