import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeResultsFeeds, startFakeResultsFeeds } from '../../../../test/fake-results-feeds';
import { fetchFor, providerFor } from './index';
import { type FetchResult, ProviderError, type ProviderKind, type ProviderSettings, type StateCode } from './types';

/** Each kind through real HTTP against the local fake sources (recorded real formats). */
let feeds: FakeResultsFeeds;
beforeAll(async () => {
  feeds = await startFakeResultsFeeds({ aggregatorKey: 'k-123' });
});
afterAll(() => feeds.close());

const settings = (kind: ProviderKind, states: StateCode[]): ProviderSettings => ({
  code: kind,
  name: kind,
  kind,
  states,
  baseUrl: feeds.baseUrl,
  enabled: true,
  pollStartMin: 5,
  pollEveryMin: 10,
  giveUpMin: 240,
});

const CASES: [ProviderKind, StateCode[], string[], number][] = [
  ['ny_socrata', ['NY'], ['2026-11-26', '2026-11-25'], 3],
  ['ga_drawgames', ['GA'], ['2026-11-26'], 2],
  ['fl_drawgames', ['FL'], ['2026-11-26'], 1],
  ['tx_csv', ['TX'], ['2026-11-24'], 4],
  ['tx_rss', ['TX'], ['2026-11-24', '2026-11-25'], 2],
  ['aggregator', ['NY', 'FL', 'GA', 'TN', 'TX'], ['2026-11-26'], 3],
];

async function run(
  kind: ProviderKind,
  states: StateCode[],
  dates: string[],
  env = { RESULTS_AGGREGATOR_KEY: 'k-123' },
) {
  const s = settings(kind, states);
  return providerFor(kind).fetchResults({ settings: s, dates, fetch: fetchFor(s, { calendar: [] }), env });
}

describe('providers over HTTP (fake sources)', { timeout: 30_000 }, () => {
  it.each(CASES)('%s reads its source', async (kind, states, dates, count) => {
    feeds.setMode('ok');
    const r: FetchResult = await run(kind, states, dates);
    expect(r.httpStatus).toBe(200);
    expect(r.observations).toHaveLength(count);
    expect(r.excerpt.length).toBeGreaterThan(0);
    for (const o of r.observations) {
      expect(states).toContain(o.state);
      expect(o.pick3).toMatch(/^\d{3}$/);
      expect(o.pick4).toMatch(/^\d{4}$/);
    }
  });

  it('sends the aggregator key from the environment, and a wrong key is a 401', async () => {
    feeds.setMode('ok');
    await expect(run('aggregator', ['TN'], ['2026-11-26'], { RESULTS_AGGREGATOR_KEY: 'nope' })).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(feeds.requests.at(-1)?.apiKey).toBe('nope');
  });

  it.each(CASES)('%s: an empty day is no observation and no error', async (kind, states, dates) => {
    feeds.setMode('empty');
    const r = await run(kind, states, dates);
    expect(r.observations).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it.each(['http500', 'http404', 'garbage', 'huge'] as const)('%s → ProviderError for every kind', async (mode) => {
    feeds.setMode(mode);
    for (const [kind, states, dates] of CASES) {
      const error = await run(kind, states, dates).catch((e) => e);
      expect(error, `${kind} ${mode}`).toBeInstanceOf(ProviderError);
      if (mode === 'http500') expect(error.httpStatus).toBe(500);
      if (mode === 'http500') expect(error.excerpt).toMatch(/Service Unavailable/);
      if (mode === 'huge') expect(error.message).toMatch(/trop grande/);
    }
  });

  it('gives up on a slow source (caller signal / timeout)', async () => {
    feeds.setMode('slow', { delayMs: 2_000 });
    const s = settings('ny_socrata', ['NY']);
    const started = Date.now();
    const error = await providerFor('ny_socrata')
      .fetchResults({ settings: s, dates: ['2026-11-26'], fetch: fetch, signal: AbortSignal.timeout(300) })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('manual fetches nothing', async () => {
    const r = await providerFor('manual').fetchResults({
      settings: { ...settings('manual', ['TN']), baseUrl: 'manual:' },
      dates: ['2026-11-26'],
      fetch: fetchFor({ baseUrl: 'manual:' }, { calendar: [] }),
    });
    expect(r).toEqual({ httpStatus: null, observations: [], problems: [], excerpt: '' });
  });
});
