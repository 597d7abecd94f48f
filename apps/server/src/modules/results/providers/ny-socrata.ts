import { addProblem, isIsoDate, padDigits } from './digits';
import { getText, joinUrl, parseJson } from './http';
import { type FetchRequest, type FetchResult, type Observation, ProviderError, type ResultProvider } from './types';

/** data.ny.gov's « Lottery Daily Numbers/Win-4 Winning Numbers: Beginning 1980 » (Socrata). */
export const NY_DATASET_PATH = '/resource/hsys-3def.json';

const SESSIONS = [
  { session: 'midi', pick3: 'midday_daily', pick4: 'midday_win_4' },
  { session: 'soir', pick3: 'evening_daily', pick4: 'evening_win_4' },
] as const;

/** The SoQL query: the rows from the first date asked, most recent first. */
export function nySocrataUrl(base: string, dates: string[]): string {
  const from = [...dates].sort()[0];
  const params = new URLSearchParams({ $order: 'draw_date DESC', $limit: '60' });
  if (from) params.set('$where', `draw_date >= '${from}T00:00:00'`);
  return `${joinUrl(base, NY_DATASET_PATH)}?${params}`;
}

/**
 * One row per date: `draw_date` ("2026-03-14T00:00:00.000") and the four numbers as text with their
 * leading zeros stripped ("21" is 0-2-1): padded back. A session not drawn yet is absent (not null).
 */
export function parseNySocrata(body: unknown, wanted: ReadonlySet<string>, problems: string[]): Observation[] {
  if (!Array.isArray(body)) throw new ProviderError('Réponse inattendue : une liste de lignes était attendue', 200);
  const out: Observation[] = [];
  for (const [i, row] of body.entries()) {
    const r = (row ?? {}) as Record<string, unknown>;
    const drawDate = typeof r.draw_date === 'string' ? r.draw_date.slice(0, 10) : null;
    if (!isIsoDate(drawDate)) {
      addProblem(problems, `Ligne ${i + 1} : date illisible (${String(r.draw_date).slice(0, 40)})`);
      continue;
    }
    if (wanted.size > 0 && !wanted.has(drawDate)) continue;
    for (const s of SESSIONS) {
      if (r[s.pick3] === undefined && r[s.pick4] === undefined) continue;
      const pick3 = padDigits(r[s.pick3], 3);
      const pick4 = padDigits(r[s.pick4], 4);
      if (pick3 && pick4) out.push({ state: 'NY', session: s.session, drawDate, pick3, pick4 });
      else addProblem(problems, `NY ${s.session} ${drawDate} : numéros illisibles ou incomplets`);
    }
  }
  return out;
}

export const nySocrataProvider: ResultProvider = {
  kind: 'ny_socrata',
  async fetchResults(request: FetchRequest): Promise<FetchResult> {
    const env = request.env ?? process.env;
    const token = env.RESULTS_NY_APP_TOKEN;
    const got = await getText(request, nySocrataUrl(request.settings.baseUrl, request.dates), {
      headers: { accept: 'application/json', ...(token ? { 'X-App-Token': token } : {}) },
    });
    const problems: string[] = [];
    const observations = parseNySocrata(parseJson(got), new Set(request.dates), problems);
    return { httpStatus: got.status, observations, problems, excerpt: got.excerpt };
  },
};
