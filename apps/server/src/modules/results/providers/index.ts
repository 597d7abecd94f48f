import { aggregatorProvider } from './aggregator';
import type { CalendarEntry } from './calendar';
import { flDrawGamesProvider } from './fl-drawgames';
import { gaDrawGamesProvider } from './ga-drawgames';
import { manualProvider } from './manual';
import { nySocrataProvider } from './ny-socrata';
import { createSandboxFetch } from './sandbox';
import { txCsvProvider } from './tx-csv';
import { txRssProvider } from './tx-rss';
import type { ProviderKind, ProviderSettings, ResultProvider } from './types';

const PROVIDERS: Record<ProviderKind, ResultProvider> = {
  ny_socrata: nySocrataProvider,
  ga_drawgames: gaDrawGamesProvider,
  tx_csv: txCsvProvider,
  tx_rss: txRssProvider,
  fl_drawgames: flDrawGamesProvider,
  aggregator: aggregatorProvider,
  manual: manualProvider,
};

export function providerFor(kind: ProviderKind): ResultProvider {
  return PROVIDERS[kind];
}

export const SANDBOX_BASE_URL = 'sandbox:';
export const MANUAL_BASE_URL = 'manual:';
/** Default minutes between the official time and the built-in feed's publication. */
export const SANDBOX_DELAY_MIN = 2;

export interface FetchContext {
  /** The draw calendar (readDrawCalendar): the sandbox publishes from it. */
  calendar: readonly CalendarEntry[];
  now?: () => Date;
  /** Minutes after the official time before the sandbox publishes (RESULTS_SANDBOX_DELAY_MIN). */
  sandboxDelayMin?: number;
}

const noFetch: typeof fetch = async () => {
  throw new Error('Ce fournisseur ne récupère rien (saisie manuelle)');
};

/** The HTTP client of a provider: the sandbox's in-process fetch for 'sandbox:', else the real one. */
export function fetchFor(settings: Pick<ProviderSettings, 'baseUrl'>, context: FetchContext): typeof fetch {
  if (settings.baseUrl.startsWith(SANDBOX_BASE_URL)) {
    const env = Number(process.env.RESULTS_SANDBOX_DELAY_MIN);
    return createSandboxFetch({
      calendar: context.calendar,
      now: context.now ?? (() => new Date()),
      delayMin: context.sandboxDelayMin ?? (Number.isFinite(env) && env >= 0 ? env : SANDBOX_DELAY_MIN),
    });
  }
  if (settings.baseUrl.startsWith(MANUAL_BASE_URL)) return noFetch;
  return globalThis.fetch;
}

export type { CalendarEntry } from './calendar';
export { readDrawCalendar } from './calendar';
export * from './types';
