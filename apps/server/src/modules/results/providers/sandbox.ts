import { AGGREGATOR_PATH } from './aggregator';
import { FL_LATEST_PATH } from './fl-drawgames';
import { GA_DRAWS_PATH, GA_ZONE } from './ga-drawgames';
import { NY_DATASET_PATH } from './ny-socrata';
import { latestDraws, publishedDraws, type SandboxClock, type SandboxDraw } from './sandbox-feed';
import { TX_CSV_PATHS } from './tx-csv';
import { TX_RSS_PATH } from './tx-rss';
import type { SessionCode } from './types';
import { addDays, zonedDate } from './zoned';

/**
 * The built-in feed ('sandbox:' base URL): an in-process `fetch` answering each provider's real
 * paths in that source's real format, from `sandbox-feed.ts`. The demo has no internet; with it the
 * whole pipeline (poll, compare, confirm, settle) runs on a fresh clone.
 */
export type SandboxOptions = SandboxClock;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const text = (body: string, type: string) => new Response(body, { status: 200, headers: { 'content-type': type } });

const us = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
const stripZeros = (digits: string) => String(Number(digits));
const TX_NAMES: Record<SessionCode, string> = { matin: 'Morning', midi: 'Day', soir: 'Evening', nuit: 'Night' };
const GA_NAMES: Partial<Record<SessionCode, string>> = { midi: 'MIDDAY', soir: 'EVENING', nuit: 'NIGHT' };

function ny(clock: SandboxClock, q: URLSearchParams): Response {
  const today = zonedDate(clock.now(), 'America/New_York');
  const from = /'(\d{4}-\d{2}-\d{2})/.exec(q.get('$where') ?? '')?.[1] ?? addDays(today, -7);
  const byDate = new Map<string, Record<string, string>>();
  for (const d of publishedDraws(clock, ['NY'], from, today)) {
    const row = byDate.get(d.date) ?? { draw_date: `${d.date}T00:00:00.000` };
    const prefix = d.entry.session === 'midi' ? 'midday' : 'evening';
    // The real dataset strips leading zeros: so does the sandbox, so the padding is exercised.
    row[`${prefix}_daily`] = stripZeros(d.pick3);
    row[`${prefix}_win_4`] = stripZeros(d.pick4);
    byDate.set(d.date, row);
  }
  const limit = Number(q.get('$limit') ?? 1000);
  return json([...byDate.values()].reverse().slice(0, limit));
}

function ga(clock: SandboxClock, q: URLSearchParams): Response {
  const game = (q.get('game-names') ?? '').toUpperCase();
  const fromMs = Number(q.get('date-from') ?? 0);
  const toMs = Number(q.get('date-to') ?? clock.now().getTime());
  const draws = publishedDraws(clock, ['GA'], zonedDate(new Date(fromMs), GA_ZONE), zonedDate(new Date(toMs), GA_ZONE))
    .filter((d) => d.at.getTime() >= fromMs && d.at.getTime() <= toMs)
    .reverse()
    .flatMap((d) =>
      ['CASH 3', 'CASH 4']
        .filter((g) => game.split(',').includes(g))
        .map((g) => ({
          gameName: g,
          name: GA_NAMES[d.entry.session],
          drawTime: d.at.getTime(),
          status: 'CLOSED',
          results: [{ primary: (g === 'CASH 3' ? d.pick3 : d.pick4).split(''), drawType: 'FINAL' }],
        })),
    );
  return json({ draws, nextPageUrl: null });
}

function flDrawDate(d: SandboxDraw): string {
  const [h, m] = d.entry.drawTime.split(':').map(Number);
  const h12 = String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0');
  return `${us(d.date)} ${h12}:${String(m).padStart(2, '0')}:00 ${h < 12 ? 'AM' : 'PM'}`;
}

function fl(clock: SandboxClock): Response {
  const games = latestDraws(clock, ['FL']).flatMap((d) =>
    (['PICK 3', 'PICK 4'] as const).map((name) => {
      const digits = name === 'PICK 3' ? d.pick3 : d.pick4;
      return {
        Id: name === 'PICK 3' ? 104 : 108,
        GameName: name,
        DrawDate: flDrawDate(d),
        DrawType: d.entry.session === 'midi' ? 'MIDDAY' : 'EVENING',
        DrawNumbers: [
          ...digits.split('').map((n, i) => ({ NumberPick: Number(n), NumberType: `wn${i + 1}` })),
          { NumberPick: Number(d.fireball), NumberType: 'fb' },
        ],
      };
    }),
  );
  return json(games);
}

function txCsv(clock: SandboxClock, game: 'pick3' | 'pick4'): Response {
  const today = zonedDate(clock.now(), 'America/Chicago');
  const lines = publishedDraws(clock, ['TX'], addDays(today, -30), today).map((d) => {
    const digits = (game === 'pick3' ? d.pick3 : d.pick4).split('').join(',');
    const [y, m, day] = d.date.split('-').map(Number);
    return `${game === 'pick3' ? 'Pick 3' : 'Daily 4'} ${TX_NAMES[d.entry.session]},${m},${day},${y},${digits},,${d.fireball}`;
  });
  return text(`${lines.join('\n')}\n`, 'text/csv');
}

function txRss(clock: SandboxClock): Response {
  const items = latestDraws(clock, ['TX']).flatMap((d) =>
    (['pick3', 'pick4'] as const).map((game) => {
      const title = `${game === 'pick3' ? 'Pick 3' : 'Daily 4'} ${TX_NAMES[d.entry.session]} Winning Numbers for ${us(d.date)}`;
      const digits = (game === 'pick3' ? d.pick3 : d.pick4).split('').join(' - ');
      return `<item><title>${title}</title><link>https://www.texaslottery.com/</link><description>${digits} FIREBALL ${d.fireball}</description><pubDate>${d.at.toUTCString()}</pubDate></item>`;
    }),
  );
  return text(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Texas Lottery Latest Winning Numbers</title>${items.join('')}</channel></rss>\n`,
    'application/rss+xml',
  );
}

function aggregator(clock: SandboxClock, q: URLSearchParams): Response {
  const today = zonedDate(clock.now(), 'UTC');
  const from = q.get('from') ?? addDays(today, -1);
  const to = q.get('to') ?? today;
  const results = publishedDraws(clock, ['NY', 'FL', 'GA', 'TN', 'TX'], from, to).map((d) => ({
    state: d.entry.state,
    session: d.entry.session,
    date: d.date,
    pick3: d.pick3,
    pick4: d.pick4,
  }));
  return json({ results });
}

/** The in-process fetch of the 'sandbox:' base URL. */
export function createSandboxFetch(clock: SandboxOptions): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const q = url.searchParams;
    switch (url.pathname) {
      case NY_DATASET_PATH:
        return ny(clock, q);
      case GA_DRAWS_PATH:
        return ga(clock, q);
      case FL_LATEST_PATH:
        return fl(clock);
      case TX_CSV_PATHS.pick3:
        return txCsv(clock, 'pick3');
      case TX_CSV_PATHS.pick4:
        return txCsv(clock, 'pick4');
      case TX_RSS_PATH:
        return txRss(clock);
      case AGGREGATOR_PATH:
        return aggregator(clock, q);
      default:
        return new Response('{"error":"not found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    }
  };
}
