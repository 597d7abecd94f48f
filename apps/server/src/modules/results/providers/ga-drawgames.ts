import { addProblem, joinDigits, PairCollector } from './digits';
import { getText, joinUrl, parseJson } from './http';
import { type FetchRequest, type FetchResult, ProviderError, type ResultProvider, type SessionCode } from './types';
import { addDays, zonedDate, zonedHour, zonedInstant } from './zoned';

export const GA_DRAWS_PATH = '/api/v2/draw-games/draws/page';
export const GA_ZONE = 'America/New_York';
export const GA_GAMES = { 'CASH 3': 'pick3', 'CASH 4': 'pick4' } as const;
type GaGame = keyof typeof GA_GAMES;

const NAMES: Record<string, SessionCode> = { MIDDAY: 'midi', EVENING: 'soir', NIGHT: 'nuit' };

/** One game's closed draws between the first and the last date asked (epoch ms of Eastern midnights). */
export function gaDrawsUrl(base: string, game: GaGame, dates: string[]): string {
  const sorted = [...dates].sort();
  const first = sorted[0] ?? zonedDate(new Date(), GA_ZONE);
  const last = sorted.at(-1) ?? first;
  const params = new URLSearchParams({
    'game-names': game,
    'date-from': String(zonedInstant(first, '00:00', GA_ZONE).getTime()),
    'date-to': String(zonedInstant(addDays(last, 1), '00:00', GA_ZONE).getTime() - 1),
    status: 'CLOSED',
    order: 'desc',
    page: '0',
    size: '50',
  });
  return `${joinUrl(base, GA_DRAWS_PATH)}?${params}`;
}

/** The session of a draw: its `name` (MIDDAY / EVENING / NIGHT), else its Eastern hour. */
function sessionOf(draw: Record<string, unknown>, at: Date): SessionCode {
  const named = typeof draw.name === 'string' ? NAMES[draw.name.trim().toUpperCase()] : undefined;
  if (named) return named;
  const h = zonedHour(at, GA_ZONE);
  return h < 15 ? 'midi' : h < 21 ? 'soir' : 'nuit';
}

/**
 * `{ draws: [{ gameName, name, drawTime (epoch ms), status, results: [{ primary: ["1","2","3"] }] }] }`:
 * one draw per game and session; a draw without results is not drawn yet (skipped).
 */
export function parseGaDraws(body: unknown, game: GaGame, pairs: PairCollector, problems: string[]): void {
  const draws = (body as { draws?: unknown } | null)?.draws;
  if (!Array.isArray(draws)) throw new ProviderError('Réponse inattendue : « draws » manque', 200);
  for (const [i, d] of draws.entries()) {
    const draw = (d ?? {}) as Record<string, unknown>;
    const at = typeof draw.drawTime === 'number' ? new Date(draw.drawTime) : null;
    if (!at || Number.isNaN(at.getTime())) {
      addProblem(problems, `${game}, tirage ${i + 1} : heure du tirage illisible`);
      continue;
    }
    const results = Array.isArray(draw.results) ? draw.results : [];
    const primary = (results[0] as { primary?: unknown } | undefined)?.primary;
    if (primary === undefined || (Array.isArray(primary) && primary.length === 0)) continue;
    const digits = Array.isArray(primary) ? joinDigits(primary, game === 'CASH 3' ? 3 : 4) : null;
    const date = zonedDate(at, GA_ZONE);
    const session = sessionOf(draw, at);
    if (!digits) {
      addProblem(problems, `${game} ${session} ${date} : numéros illisibles (${JSON.stringify(primary).slice(0, 40)})`);
      continue;
    }
    pairs.add(date, session, GA_GAMES[game], digits);
  }
}

export const gaDrawGamesProvider: ResultProvider = {
  kind: 'ga_drawgames',
  async fetchResults(request: FetchRequest): Promise<FetchResult> {
    const problems: string[] = [];
    const pairs = new PairCollector('GA', new Set(request.dates));
    let status: number | null = null;
    const excerpts: string[] = [];
    for (const game of Object.keys(GA_GAMES) as GaGame[]) {
      const got = await getText(request, gaDrawsUrl(request.settings.baseUrl, game, request.dates), {
        headers: { accept: 'application/json' },
      });
      status = got.status;
      excerpts.push(got.excerpt.slice(0, 1_000));
      parseGaDraws(parseJson(got), game, pairs, problems);
    }
    return { httpStatus: status, observations: pairs.result(problems), problems, excerpt: excerpts.join('\n') };
  },
};
