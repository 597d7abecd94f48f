import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  checkDistribution,
  type DistributionPlan,
  drizzleKeys,
  liveKeys,
  readCatalog,
} from '../../test/harness/distribution-rules';
import { createTestDatabase, describeApi } from '../../test/helpers';
import type { Database } from './client';
import * as schema from './schema';

/**
 * Past one primary (issue 19 §3): the schema as Citus would distribute it, by company_id
 * (docs/notes-citus.md). Every table of a migrated database is in one list below; the rules are in
 * test/harness/distribution-rules.ts. A new table fails until it is placed, with its reason.
 */

/** Written by every sale (or payment): distributed by company_id now (migration 0020 for the ids). */
const HOT = [
  'fiches',
  'fiche_lines',
  'fiche_tirages',
  'fiche_payments',
  'sale_counters',
  'sale_numbers', // sale_counters' per-number summary (trigger sale_numbers_apply, fold)
  'sale_number_deltas', // the sale's day-sum deltas, folded into sale_numbers (migration 0021)
  'stats_agent_draw_day',
  'stats_agent_day',
  'wallet_entries',
  'wallet_agent_day', // wallet_entries' agent-day summary (trigger wallet_agent_day_add)
] as const;

const PLAN: DistributionPlan = {
  column: 'company_id',
  // Co-located by company_id: a company's rows of every table on one shard, so the sale (one company)
  // joins and writes on one node.
  distributed: [
    ...HOT,
    'company_settings',
    'terminals', // issue 20
    'fiche_locations',
    'commission_rates',
    'supervisor_rates', // issue 20: the supervisors' rate by business day
    'risk_rules', // issue 22: the automatic limit rules, one row per company, read by its sale
    'company_alerts', // issue 22: anomaly alerts and their settings, per company
    'alert_settings',
  ],
  // One copy on every node: no company, or read by every company's sale and rarely written.
  reference: [
    'countries',
    'cities',
    'draw_sources', // the public lotteries (NY, FL, ...), shared by every company
    'draw_results', // their published numbers, shared
    'result_providers', // issue 21: the results pipeline's sources and settings, platform-wide
    'draw_source_holidays',
    'results_settings',
    'result_status', // issue 21: a session's result state, read beside the companies' draws (home board, POS)
    'result_alerts', // the platform's results alerts, shown on the boards of the companies whose draws wait
    'companies', // the tenants themselves: every distributed table's company_id points here
    'invoices', // the platform's billing of companies: the sale reads the unpaid ones; number unique platform-wide
    'company_payments',
    'payment_checkouts', // found by the payment provider's reference alone (webhook)
    'user_permissions', // follows users (below)
  ],
  // The coordinator only: never joined with a company's shard, or written before a company is known.
  local: [
    'schema_migrations', // the migration runner's bookkeeping
    'schema_functions',
    'sessions', // resolved by token hash before the company is known; references users (reference)
    'login_attempts', // sign-in throttling by name and address, before any company
    'contact_messages', // the public contact form: no company
    'result_fetches', // issue 21: the results poller's fetch log, platform only
    'result_observations', // what each source said, read only by the platform's pipeline
    'job_leases', // which server runs a background job now
    'files', // images served by their uuid alone (/uploads/<uuid>.webp); platform images have no company
    'audit_log', // platform actions have no company; never read by the engine
  ],
  notYet: {
    users: {
      target: 'reference',
      reason:
        'sign-in finds a user by name alone (unique platform-wide) and platform staff have no company; ' +
        'its foreign key surcussale_id -> surcussales (to be distributed) must go first (the app checks the branch)',
    },
    surcussales: { target: 'distributed', reason: 'primary key (id) without company_id; referenced by id alone' },
    tirages: {
      target: 'distributed',
      reason: 'primary key (id) without company_id; primes, sale_limits, boule_blocks, info_tirages reference it by id',
    },
    primes: { target: 'distributed', reason: 'primary key (id); foreign keys to tirages and surcussales by id' },
    sale_limits: { target: 'distributed', reason: 'primary key (id); foreign key to tirages by id' },
    boule_blocks: { target: 'distributed', reason: 'primary key (id); foreign key to tirages by id' },
    lotto_options: { target: 'distributed', reason: 'primary key (id) without company_id' },
    limite_fiches: { target: 'distributed', reason: 'primary key (id) without company_id' },
    interval_mas: { target: 'distributed', reason: 'primary key (id) without company_id' },
    info_tirages: { target: 'distributed', reason: 'primary key (id); foreign key to tirages by id' },
    info_tirage_versions: { target: 'distributed', reason: 'primary key (id) without company_id' },
    messages: { target: 'distributed', reason: 'primary key (id); foreign key to surcussales by id' },
    message_agents: { target: 'distributed', reason: 'foreign key message_id -> messages (id) without company_id' },
    supervisor_surcussales: {
      target: 'distributed',
      reason: 'foreign key surcussale_id -> surcussales (id) without company_id',
    },
    fiche_proof_failures: {
      target: 'distributed',
      reason: 'primary key (user_id) without company_id (pay-proof.ts upserts ON CONFLICT (user_id))',
    },
  },
};

describeApi('db: the schema is distributable by company_id as Citus requires', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('places every table, and each keeps the rules of its kind (the not-yet ones still break one)', async () => {
    expect(checkDistribution(await readCatalog(database.raw, PLAN.column), PLAN)).toEqual([]);
  });

  it('the hot tables are distributed', () => {
    for (const t of HOT) expect(PLAN.distributed).toContain(t);
  });

  it('the drizzle schema declares the primary and foreign keys the migrations made', async () => {
    // The migration runner's own tables (db/migrate.ts) are not in the drizzle schema.
    const runner = ['schema_migrations', 'schema_functions'];
    expect(drizzleKeys(schema)).toEqual(liveKeys(await readCatalog(database.raw, PLAN.column), runner));
  });

  it('fails on a new table in no list and on a key that breaks a rule, naming the table and the rule', async () => {
    const rollback = new Error('rollback');
    const problems = await database
      .transaction(async (tx) => {
        await tx.exec(`
          CREATE TABLE zz_probe (id bigint PRIMARY KEY, company_id bigint);
          CREATE UNIQUE INDEX fiches_probe_uq ON fiches (number);
          CREATE UNIQUE INDEX fiches_probe_id_uq ON fiches (id);
          ALTER TABLE fiche_lines ADD CONSTRAINT fiche_lines_probe_fk FOREIGN KEY (fiche_id) REFERENCES fiches (id);
          ALTER TABLE draw_sources ADD COLUMN probe_fiche bigint, ADD COLUMN probe_company bigint;
          ALTER TABLE draw_sources ADD CONSTRAINT draw_sources_probe_fk
            FOREIGN KEY (probe_company, probe_fiche) REFERENCES fiches (company_id, id);
          ALTER TABLE stats_agent_day DROP CONSTRAINT stats_agent_day_company_id_business_date_agent_id_pk;
          ALTER TABLE stats_agent_day ALTER COLUMN company_id DROP NOT NULL;`);
        const found = checkDistribution(await readCatalog(tx, PLAN.column), PLAN);
        throw Object.assign(rollback, { found });
      })
      .catch((err) => {
        if (err !== rollback) throw err;
        return (err as Error & { found: string[] }).found;
      });
    expect(problems).toEqual([
      expect.stringMatching(/^zz_probe is in no list/),
      'fiches (distributed): unique index fiches_probe_id_uq (id) lacks company_id (each shard enforces it over its own rows only)',
      'fiches (distributed): unique index fiches_probe_uq (number) lacks company_id (each shard enforces it over its own rows only)',
      'fiche_lines (distributed): foreign key fiche_lines_probe_fk (fiche_id) -> fiches (id) does not pair company_id ' +
        'with fiches.company_id (both rows must be on the same shard)',
      'stats_agent_day (distributed): company_id may be NULL (Citus places a row by its company_id: it must have one)',
      'draw_sources (reference): foreign key draw_sources_probe_fk (probe_company, probe_fiche) -> fiches (company_id, id) ' +
        'points at a distributed table (a reference table references reference tables only)',
    ]);
  });
});
