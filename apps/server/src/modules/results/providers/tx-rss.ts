import { addProblem, PairCollector, usDate } from './digits';
import { getText, joinUrl } from './http';
import { txGameSession } from './tx-common';
import { type FetchRequest, type FetchResult, ProviderError, type ResultProvider } from './types';

export const TX_RSS_PATH = '/export/sites/lottery/rss/tlc_latest.xml';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function xmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  const text = cdata ? cdata[1] : raw;
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, e: string) =>
      e.startsWith('#x')
        ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : (ENTITIES[e.toLowerCase()] ?? all),
    )
    .trim();
}

function tag(item: string, name: string): string | null {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(item);
  return m ? xmlText(m[1]) : null;
}

/**
 * The latest results of every game, one `<item>` each: title « Pick 3 Morning Winning Numbers for
 * 01/09/2026 », description « 1 - 2 - 3 FIREBALL 4 » (the Fireball is not borlette's). Other items
 * (jackpots, other games) are skipped.
 */
export function parseTxRss(text: string, pairs: PairCollector, problems: string[]): void {
  if (!/<rss[\s>]|<channel[\s>]/i.test(text))
    throw new ProviderError('Réponse inattendue : ce n’est pas un flux RSS', 200);
  for (const m of text.matchAll(/<item(?:\s[^>]*)?>([\s\S]*?)<\/item>/gi)) {
    const title = tag(m[1], 'title') ?? '';
    const t = /^(.+?)\s+Winning Numbers\s+for\s+(\d{1,2})\/(\d{1,2})\/(\d{4})$/i.exec(title);
    const gs = t ? txGameSession(t[1]) : null;
    if (!t || !gs) continue;
    const date = usDate(t[2], t[3], t[4]);
    if (!date) {
      addProblem(problems, `${title.slice(0, 60)} : date illisible`);
      continue;
    }
    const desc = (tag(m[1], 'description') ?? '').split(/fireball/i)[0];
    const parts = desc.split('-').map((p) => p.trim());
    const size = gs.game === 'pick3' ? 3 : 4;
    if (parts.length !== size || !parts.every((p) => /^\d$/.test(p))) {
      addProblem(problems, `${t[1]} ${date} : numéros illisibles (${desc.slice(0, 40)})`);
      continue;
    }
    pairs.add(date, gs.session, gs.game, parts.join(''));
  }
}

export const txRssProvider: ResultProvider = {
  kind: 'tx_rss',
  async fetchResults(request: FetchRequest): Promise<FetchResult> {
    const got = await getText(request, joinUrl(request.settings.baseUrl, TX_RSS_PATH), {
      headers: { accept: 'application/rss+xml, application/xml, text/xml' },
    });
    const problems: string[] = [];
    const pairs = new PairCollector('TX', new Set(request.dates));
    parseTxRss(got.text, pairs, problems);
    return { httpStatus: got.status, observations: pairs.result(problems), problems, excerpt: got.excerpt };
  },
};
