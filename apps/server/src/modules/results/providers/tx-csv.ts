import { addProblem, joinDigits, PairCollector, usDate } from './digits';
import { getText, joinUrl } from './http';
import { txGameSession } from './tx-common';
import { type FetchRequest, type FetchResult, ProviderError, type ResultProvider } from './types';

/** The full histories, one file per game, every session in it (« Pick 3 Morning,… »). */
export const TX_CSV_PATHS = {
  pick3: '/export/sites/lottery/Games/Pick_3/Winning_Numbers/pick3.csv',
  pick4: '/export/sites/lottery/Games/Daily_4/Winning_Numbers/daily4.csv',
} as const;
/** The histories go back to 1993: larger than the default cap. */
const TX_CSV_MAX_BYTES = 8 * 1024 * 1024;

/**
 * No header; one draw a line: `Game Name, Month, Day, Year, Num1, Num2, Num3[, Num4], (empty), FIREBALL`
 * (e.g. `Pick 3 Night,3,17,2026,7,3,3,,5`). The game name carries the session; the Fireball is ignored.
 */
export function parseTxCsv(text: string, game: 'pick3' | 'pick4', pairs: PairCollector, problems: string[]): void {
  const size = game === 'pick3' ? 3 : 4;
  let seen = 0;
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const cols = line.split(',').map((c) => c.trim());
    if (!line.trim() || /month/i.test(line)) continue;
    const gs = txGameSession(cols[0] ?? '');
    if (!gs || gs.game !== game) {
      addProblem(problems, `${game} CSV, ligne ${i + 1} : jeu ou séance inconnu (${cols[0]?.slice(0, 30)})`);
      continue;
    }
    seen++;
    const date = usDate(cols[1], cols[2], cols[3]);
    if (!date) {
      addProblem(problems, `${cols[0]}, ligne ${i + 1} : date illisible`);
      continue;
    }
    const digits = joinDigits(cols.slice(4, 4 + size), size);
    if (!digits) {
      addProblem(problems, `${cols[0]} ${date} : numéros illisibles`);
      continue;
    }
    pairs.add(date, gs.session, game, digits);
  }
  if (seen === 0 && text.trim() !== '')
    throw new ProviderError('Réponse inattendue : ce n’est pas le CSV du Texas', 200);
}

export const txCsvProvider: ResultProvider = {
  kind: 'tx_csv',
  async fetchResults(request: FetchRequest): Promise<FetchResult> {
    const problems: string[] = [];
    const pairs = new PairCollector('TX', new Set(request.dates));
    let status: number | null = null;
    const excerpts: string[] = [];
    for (const game of ['pick3', 'pick4'] as const) {
      const got = await getText(request, joinUrl(request.settings.baseUrl, TX_CSV_PATHS[game]), {
        headers: { accept: 'text/csv' },
        maxBytes: TX_CSV_MAX_BYTES,
      });
      status = got.status;
      excerpts.push(got.excerpt.slice(0, 1_000));
      parseTxCsv(got.text, game, pairs, problems);
    }
    return { httpStatus: status, observations: pairs.result(problems), problems, excerpt: excerpts.join('\n') };
  },
};
