import { addProblem, joinDigits, PairCollector, usDate } from './digits';
import { getText, joinUrl, parseJson } from './http';
import { type FetchRequest, type FetchResult, ProviderError, type ResultProvider, type SessionCode } from './types';

/** floridalottery.com's own API (Azure API Management): the latest draw of every game. */
export const FL_LATEST_PATH = '/drawgamesapp/getLatestDrawGames';
/** Game ids of the API (GameName says the same). */
export const FL_GAMES: Record<string, 'pick3' | 'pick4'> = { 'PICK 3': 'pick3', 'PICK 4': 'pick4' };

/**
 * `[{ Id, GameName, DrawDate: "MM/DD/YYYY hh:mm:ss AM", DrawType: "MIDDAY"|"EVENING",
 *     DrawNumbers: [{ NumberPick, NumberType: "wn1".."wn4" | "fb" }] }]` (some deployments wrap it in
 * `{ DrawResults: [...] }`). The winning numbers are the `wn*`; the Fireball (`fb`) is not borlette's.
 */
export function parseFlLatest(body: unknown, pairs: PairCollector, problems: string[]): void {
  const list = Array.isArray(body) ? body : (body as { DrawResults?: unknown } | null)?.DrawResults;
  if (!Array.isArray(list)) throw new ProviderError('Réponse inattendue : une liste de jeux était attendue', 200);
  for (const item of list) {
    const row = (item ?? {}) as Record<string, unknown>;
    const game =
      FL_GAMES[
        String(row.GameName ?? '')
          .trim()
          .toUpperCase()
      ];
    if (!game) continue;
    const label = `${String(row.GameName)} ${String(row.DrawType ?? '')}`.trim();
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::\d{2})?\s*(AM|PM)?)?/i.exec(
      String(row.DrawDate ?? ''),
    );
    const date = m ? usDate(m[1], m[2], m[3]) : null;
    if (!m || !date) {
      addProblem(problems, `${label} : date illisible (${String(row.DrawDate).slice(0, 40)})`);
      continue;
    }
    const type = String(row.DrawType ?? '').toUpperCase();
    let session: SessionCode | null = type.startsWith('MID') ? 'midi' : type.startsWith('EVE') ? 'soir' : null;
    if (!session && m[4]) {
      const h = (Number(m[4]) % 12) + (m[6]?.toUpperCase() === 'PM' ? 12 : 0);
      session = h < 17 ? 'midi' : 'soir';
    }
    if (!session) {
      addProblem(problems, `${label} ${date} : séance inconnue`);
      continue;
    }
    const numbers = (Array.isArray(row.DrawNumbers) ? row.DrawNumbers : [])
      .map((n) => (n ?? {}) as Record<string, unknown>)
      .filter((n) => /^wn\d+$/i.test(String(n.NumberType ?? '')))
      .sort((a, b) => Number(String(a.NumberType).slice(2)) - Number(String(b.NumberType).slice(2)))
      .map((n) => n.NumberPick);
    const digits = joinDigits(numbers, game === 'pick3' ? 3 : 4);
    if (!digits) {
      addProblem(problems, `${label} ${date} : numéros illisibles`);
      continue;
    }
    pairs.add(date, session, game, digits);
  }
}

export const flDrawGamesProvider: ResultProvider = {
  kind: 'fl_drawgames',
  async fetchResults(request: FetchRequest): Promise<FetchResult> {
    // The gateway refuses requests without the site's partner header.
    const got = await getText(request, joinUrl(request.settings.baseUrl, FL_LATEST_PATH), {
      headers: { accept: 'application/json', 'x-partner': 'web', origin: 'https://floridalottery.com' },
    });
    const problems: string[] = [];
    const pairs = new PairCollector('FL', new Set(request.dates));
    parseFlLatest(parseJson(got), pairs, problems);
    return { httpStatus: got.status, observations: pairs.result(problems), problems, excerpt: got.excerpt };
  },
};
