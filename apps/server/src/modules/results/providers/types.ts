/**
 * One interface for every source of official results (issue 21 §1). A provider speaks its source's own
 * format (Socrata JSON, draw-games JSON, CSV, RSS, …) and answers observations: what that source says
 * a state session drew on a date. It never decides trust (provisional / confirmed / conflict): the
 * pipeline compares what the providers observed.
 */

/** The states the platform follows (draw_sources.state) and their sessions (draw_sources.session). */
export type StateCode = 'NY' | 'FL' | 'GA' | 'TN' | 'TX';
export type SessionCode = 'matin' | 'midi' | 'soir' | 'nuit';

export type ProviderKind =
  | 'ny_socrata'
  | 'ga_drawgames'
  | 'tx_csv'
  | 'tx_rss'
  | 'fl_drawgames'
  | 'aggregator'
  | 'manual';

/** A result_providers row, as the poller reads it. */
export interface ProviderSettings {
  code: string;
  name: string;
  kind: ProviderKind;
  states: StateCode[];
  /** The real base URL, or 'sandbox:' for the built-in feed (same format, served in process). */
  baseUrl: string;
  enabled: boolean;
  pollStartMin: number;
  pollEveryMin: number;
  giveUpMin: number;
}

/** What one source says one state session drew on one date (the state's local date). */
export interface Observation {
  state: StateCode;
  session: SessionCode;
  /** YYYY-MM-DD, the draw's date in the state's own zone. */
  drawDate: string;
  /** Three digits, leading zeros kept (NY's dataset strips them: the provider pads them back). */
  pick3: string;
  /** Four digits, leading zeros kept. */
  pick4: string;
}

export interface FetchRequest {
  settings: ProviderSettings;
  /** The dates asked for (state-local), most recent last; a provider may answer more, never other states. */
  dates: string[];
  /** The HTTP client: global fetch in production, the sandbox's in-process fetch for 'sandbox:' URLs. */
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** Where secrets are read (RESULTS_AGGREGATOR_KEY, RESULTS_NY_APP_TOKEN): process.env when absent. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface FetchResult {
  /** The HTTP status of the (last) request; null when no request was made (manual) or none answered. */
  httpStatus: number | null;
  observations: Observation[];
  /** Rows skipped and why (malformed, half a result, unknown session): kept in the fetch log. */
  problems: string[];
  /** The start of the body as received (≤ 2 000 characters), for the fetch log and the audit. */
  excerpt: string;
}

/**
 * A provider: pure parsing plus the requests its source needs. Transport failures (DNS, timeout, HTTP
 * 5xx, a body that is not the format) throw ProviderError; rows it cannot read are `problems`, not throws.
 */
export interface ResultProvider {
  kind: ProviderKind;
  fetchResults(request: FetchRequest): Promise<FetchResult>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly excerpt = '',
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
