import { addProblem, isIsoDate, STATE_SESSIONS } from './digits';
import { getText, joinUrl, parseJson } from './http';
import {
  type FetchRequest,
  type FetchResult,
  type Observation,
  ProviderError,
  type ResultProvider,
  type SessionCode,
  type StateCode,
} from './types';

/**
 * A paid aggregator, through one simple format of ours (README « Résultats officiels »): the platform
 * puts a small adapter in front of whichever service it buys.
 *   GET {base}/results?from=YYYY-MM-DD&to=YYYY-MM-DD   (header X-Api-Key: $RESULTS_AGGREGATOR_KEY)
 *   200 { "results": [{ "state": "TN", "session": "soir", "date": "2026-11-26", "pick3": "042", "pick4": "0917" }] }
 * Digits are strings with their leading zeros; sessions are ours (matin, midi, soir, nuit).
 */
export const AGGREGATOR_PATH = '/results';

export function aggregatorUrl(base: string, dates: string[]): string {
  const sorted = [...dates].sort();
  const params = new URLSearchParams();
  if (sorted[0]) params.set('from', sorted[0]);
  if (sorted.at(-1)) params.set('to', sorted.at(-1) as string);
  return `${joinUrl(base, AGGREGATOR_PATH)}?${params}`;
}

export function parseAggregator(
  body: unknown,
  states: readonly StateCode[],
  wanted: ReadonlySet<string>,
  problems: string[],
): Observation[] {
  const list = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(list)) throw new ProviderError('Réponse inattendue : « results » manque', 200);
  const out: Observation[] = [];
  for (const [i, item] of list.entries()) {
    const r = (item ?? {}) as Record<string, unknown>;
    const state = r.state as StateCode;
    const session = r.session as SessionCode;
    if (!states.includes(state) || !STATE_SESSIONS[state]?.includes(session)) {
      addProblem(problems, `Résultat ${i + 1} : état ou séance inconnu (${String(r.state)} ${String(r.session)})`);
      continue;
    }
    if (!isIsoDate(r.date)) {
      addProblem(problems, `Résultat ${i + 1} : date illisible`);
      continue;
    }
    if (
      typeof r.pick3 !== 'string' ||
      !/^\d{3}$/.test(r.pick3) ||
      typeof r.pick4 !== 'string' ||
      !/^\d{4}$/.test(r.pick4)
    ) {
      addProblem(problems, `${state} ${session} ${r.date} : numéros illisibles`);
      continue;
    }
    if (wanted.size > 0 && !wanted.has(r.date)) continue;
    out.push({ state, session, drawDate: r.date, pick3: r.pick3, pick4: r.pick4 });
  }
  return out;
}

export const aggregatorProvider: ResultProvider = {
  kind: 'aggregator',
  async fetchResults(request: FetchRequest): Promise<FetchResult> {
    const key = (request.env ?? process.env).RESULTS_AGGREGATOR_KEY;
    const got = await getText(request, aggregatorUrl(request.settings.baseUrl, request.dates), {
      headers: { accept: 'application/json', ...(key ? { 'X-Api-Key': key } : {}) },
    });
    const problems: string[] = [];
    const observations = parseAggregator(parseJson(got), request.settings.states, new Set(request.dates), problems);
    return { httpStatus: got.status, observations, problems, excerpt: got.excerpt };
  },
};
