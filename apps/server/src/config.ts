import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Embedded database folder (PGlite) when DATABASE_URL is unset. */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A read replica of DATABASE_URL for the reports, statistics and dashboards (read-only queries). */
  REPORTS_DATABASE_URL: z.string().url().optional(),
  /**
   * What stands between this server and PostgreSQL: 'none' (PostgreSQL itself, or PgBouncer in session
   * mode), or 'transaction' (PgBouncer pool_mode=transaction: no named prepared statements, no startup
   * options, migrations and seeding under a transaction-level lock; db/client.ts).
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /**
   * When the reports' replica does not answer: 'primary' (read the primary for a while, the default) or
   * 'none' (answer 503 with a French message, keeping report load off the primary; db/replica.ts).
   */
  REPORTS_FALLBACK: z.enum(['primary', 'none']).default('primary'),
  /** Connections of this instance to PostgreSQL (sales wait on commits: more of them share each WAL flush). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * A statement PostgreSQL has not answered after this long fails with 503 and its connection is dropped
   * (a network gone dark under a query). Above the longest statement (a big draw's settlement); 0: none.
   */
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Seed the demo data on an empty database. Default: on for the embedded database only. */
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines on a terminal outside production, JSON lines otherwise (http/request-log.ts). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Behind a reverse proxy: trust X-Forwarded-* (client address, protocol). */
  TRUST_PROXY: bool.default(false),
  /** Where the built web app is. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  REMEMBER_DAYS: z.coerce.number().positive().default(30),
  /** The platform's name and a line of its details (address, contact), printed on invoices. */
  PLATFORM_NAME: z.string().trim().min(1).max(80).default('Borlette'),
  PLATFORM_DETAILS: z.string().trim().max(200).optional(),
  /**
   * Online payment of invoices: 'sandbox' (built-in checkout page, no money moves) or 'moncash'.
   * Unset: 'moncash' when the MONCASH_* variables are set, otherwise 'sandbox'. The sandbox is only
   * offered when it is the provider in force, so a production with MonCash never confirms for free.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'moncash']).optional(),
  /** HMAC key of the sandbox's confirmations (unset: a random key per checkout, kept in the database). */
  PAYMENT_SANDBOX_SECRET: z.string().min(16, '16 caractères au moins').optional(),
  MONCASH_CLIENT_ID: z.string().optional(),
  MONCASH_CLIENT_SECRET: z.string().optional(),
  /** e.g. https://sandbox.moncashbutton.digicelgroup.com/Api */
  MONCASH_API_URL: z.string().url().optional(),
  /** e.g. https://sandbox.moncashbutton.digicelgroup.com/Moncash-middleware */
  MONCASH_GATEWAY_URL: z.string().url().optional(),
  /** Gourdes per US dollar: invoices are in USD, MonCash charges HTG. Unset: MonCash payments are refused. */
  MONCASH_HTG_PER_USD: z.coerce.number().positive().max(1_000_000).optional(),
  /** Bearer token of GET /api/metrics (Prometheus text). Unset: the metrics are not served. */
  METRICS_TOKEN: z.string().min(16, '16 caractères au moins').optional(),
  /** Bring last month's invoices up to date on a timer (so overdue companies stop selling). Off in tests. */
  BILLING_AUTO_INVOICES: bool.optional(),
  /**
   * Seconds between two passes of table maintenance (VACUUM ANALYZE of the tables that changed) when the
   * database has no autovacuum (PGlite always). 0: never. Default 60, off in tests.
   */
  MAINTENANCE_SECONDS: z.coerce.number().min(0).max(86_400).optional(),
  /**
   * Seconds between two folds of the sales' day-sum deltas into the day sums (statistics/day-sums-fold.ts).
   * 0: never (the statistics stay exact, reading more pending deltas). Default 5, off in tests.
   */
  DAY_SUMS_FOLD_SECONDS: z.coerce.number().min(0).max(3_600).optional(),
  /**
   * Seconds between two passes of the anomaly detectors (modules/alerts/alerts-detect.ts). 0: never.
   * Default 60, off in tests (they call one pass directly).
   */
  ALERTS_SECONDS: z.coerce.number().min(0).max(86_400).optional(),
  /**
   * Seconds between two passes of the official results poller (modules/results/poller.ts; one server of
   * N polls, by a lease). 0: never. Default 60, off in tests (they call one pass directly).
   */
  RESULTS_POLL_SECONDS: z.coerce.number().min(0).max(3_600).optional(),
});

const MONCASH_VARS = ['MONCASH_CLIENT_ID', 'MONCASH_CLIENT_SECRET', 'MONCASH_API_URL', 'MONCASH_GATEWAY_URL'] as const;

export interface MoncashConfig {
  clientId: string;
  clientSecret: string;
  /** Base of the REST API (…/Api), without a trailing slash. */
  apiUrl: string;
  /** Base of the payment pages (…/Moncash-middleware), without a trailing slash. */
  gatewayUrl: string;
  /** Gourdes per US dollar, or null (MonCash payments refused). */
  htgPerUsd: number | null;
}

export interface BillingConfig {
  /** The provider of pay-facturations when the request names none. */
  provider: 'sandbox' | 'moncash';
  /** The built-in sandbox is offered (only when it is the provider in force). */
  sandbox: boolean;
  sandboxSecret: string | null;
  moncash: MoncashConfig | null;
  autoInvoices: boolean;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  reportsDatabaseUrl?: string;
  /** 'transaction' behind PgBouncer in transaction mode (see DATABASE_POOLER). */
  databasePooler: 'none' | 'transaction';
  /** The replica unreachable: read the primary, or answer 503 (see REPORTS_FALLBACK). */
  reportsFallback: 'primary' | 'none';
  databasePoolSize: number;
  /** The statement timeout of the server's pools (0: none); migrations and seeding run without it. */
  databaseQueryTimeoutMs: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Forced by LOG_FORMAT; unset: chosen by main.ts from the terminal and NODE_ENV. */
  logFormat?: 'pretty' | 'json';
  trustProxy: boolean;
  webDist: string;
  sessionMs: number;
  rememberMs: number;
  platformName: string;
  platformDetails: string | null;
  billing: BillingConfig;
  metricsToken: string | null;
  /** Milliseconds between table maintenance passes (0: off); see ops/maintenance.ts. */
  maintenanceMs: number;
  /** Milliseconds between folds of the day-sum deltas (0: off); see modules/statistics/day-sums-fold.ts. */
  daySumsFoldMs: number;
  /** Between two passes of the anomaly detectors; 0: never. */
  alertsMs: number;
  /** Milliseconds between passes of the results poller (0: off); see modules/results/poller.ts. */
  resultsPollMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (DATABASE_URL= npm start uses the embedded database).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const moncashGiven = MONCASH_VARS.filter((k) => e[k]);
  if (moncashGiven.length > 0 && moncashGiven.length < MONCASH_VARS.length) {
    const missing = MONCASH_VARS.filter((k) => !e[k]);
    throw new Error(`Configuration invalide :\n  MonCash incomplet, il manque ${missing.join(', ')}`);
  }
  const trim = (url: string) => url.replace(/\/+$/, '');
  const moncash: MoncashConfig | null =
    moncashGiven.length === MONCASH_VARS.length
      ? {
          clientId: e.MONCASH_CLIENT_ID as string,
          clientSecret: e.MONCASH_CLIENT_SECRET as string,
          apiUrl: trim(e.MONCASH_API_URL as string),
          gatewayUrl: trim(e.MONCASH_GATEWAY_URL as string),
          htgPerUsd: e.MONCASH_HTG_PER_USD ?? null,
        }
      : null;
  if (e.REPORTS_DATABASE_URL && !e.DATABASE_URL) {
    throw new Error('Configuration invalide :\n  REPORTS_DATABASE_URL (réplique) demande DATABASE_URL');
  }
  if (e.DATABASE_POOLER !== 'none' && !e.DATABASE_URL) {
    throw new Error('Configuration invalide :\n  DATABASE_POOLER (PgBouncer) demande DATABASE_URL');
  }
  const provider = e.PAYMENT_PROVIDER ?? (moncash ? 'moncash' : 'sandbox');
  if (provider === 'moncash' && !moncash) {
    throw new Error(`Configuration invalide :\n  PAYMENT_PROVIDER=moncash demande ${MONCASH_VARS.join(', ')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    reportsDatabaseUrl: e.REPORTS_DATABASE_URL,
    databasePooler: e.DATABASE_POOLER,
    reportsFallback: e.REPORTS_FALLBACK,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST),
    sessionMs: e.SESSION_HOURS * 3600_000,
    rememberMs: e.REMEMBER_DAYS * 86400_000,
    platformName: e.PLATFORM_NAME,
    platformDetails: e.PLATFORM_DETAILS ?? null,
    billing: {
      provider,
      sandbox: provider === 'sandbox',
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? null,
      moncash,
      autoInvoices: e.BILLING_AUTO_INVOICES ?? e.NODE_ENV !== 'test',
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    maintenanceMs: (e.MAINTENANCE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    daySumsFoldMs: (e.DAY_SUMS_FOLD_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    alertsMs: (e.ALERTS_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    resultsPollMs: (e.RESULTS_POLL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
  };
}

/** Defaults for tests and tools that build the app without an environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
