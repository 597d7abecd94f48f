import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fake-results-feeds';
import { parseAggregator } from './aggregator';
import { PairCollector, padDigits } from './digits';
import { parseFlLatest } from './fl-drawgames';
import { gaDrawsUrl, parseGaDraws } from './ga-drawgames';
import { nySocrataUrl, parseNySocrata } from './ny-socrata';
import { parseTxCsv } from './tx-csv';
import { parseTxRss } from './tx-rss';
import { ProviderError } from './types';

const none = new Set<string>();

describe('padDigits (NY strips leading zeros)', () => {
  it.each([
    ['21', 3, '021'],
    ['7', 4, '0007'],
    [5, 3, '005'],
    ['0', 4, '0000'],
    ['482', 3, '482'],
  ])('%s → %s digits → %s', (raw, n, out) => expect(padDigits(raw, n)).toBe(out));
  it.each([
    ['1234', 3],
    ['x9', 3],
    ['', 3],
    [null, 3],
    ['-1', 3],
    [1.5, 3],
  ])('refuses %s', (raw, n) => expect(padDigits(raw, n)).toBeNull());
});

describe('ny_socrata', () => {
  it('pads stripped zeros, omits draws not published, reports malformed rows', () => {
    const problems: string[] = [];
    const obs = parseNySocrata(JSON.parse(fixture('ny-socrata.json')), none, problems);
    expect(obs).toEqual([
      { state: 'NY', session: 'midi', drawDate: '2026-11-26', pick3: '021', pick4: '0007' },
      { state: 'NY', session: 'midi', drawDate: '2026-11-25', pick3: '482', pick4: '3071' },
      { state: 'NY', session: 'soir', drawDate: '2026-11-25', pick3: '005', pick4: '0960' },
      { state: 'NY', session: 'soir', drawDate: '2026-11-24', pick3: '118', pick4: '4406' },
      { state: 'NY', session: 'soir', drawDate: '2026-11-23', pick3: '100', pick4: '1000' },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/2026-11-24/);
    expect(problems.join('\n')).toMatch(/date illisible/);
  });
  it('keeps only the dates asked, and an empty day is no problem', () => {
    const problems: string[] = [];
    expect(parseNySocrata(JSON.parse(fixture('ny-socrata.json')), new Set(['2026-11-26']), problems)).toHaveLength(1);
    expect(parseNySocrata([], none, problems)).toEqual([]);
  });
  it('throws on a body that is not the dataset', () => {
    expect(() => parseNySocrata(JSON.parse(fixture('ny-socrata-error.json')), none, [])).toThrow(ProviderError);
  });
  it('asks SoQL for the rows from the first date, most recent first', () => {
    const url = new URL(nySocrataUrl('https://data.ny.gov/', ['2026-11-26', '2026-11-25']));
    expect(url.pathname).toBe('/resource/hsys-3def.json');
    expect(url.searchParams.get('$where')).toBe("draw_date >= '2026-11-25T00:00:00'");
    expect(url.searchParams.get('$order')).toBe('draw_date DESC');
  });
});

describe('ga_drawgames', () => {
  it('pairs Cash 3 and Cash 4 by Eastern date and session; a lone half is a late row', () => {
    const problems: string[] = [];
    const pairs = new PairCollector('GA', none);
    parseGaDraws(JSON.parse(fixture('ga-cash3.json')), 'CASH 3', pairs, problems);
    parseGaDraws(JSON.parse(fixture('ga-cash4.json')), 'CASH 4', pairs, problems);
    const obs = pairs.result(problems);
    expect(obs).toEqual([
      { state: 'GA', session: 'midi', drawDate: '2026-11-26', pick3: '338', pick4: '9264' },
      { state: 'GA', session: 'soir', drawDate: '2026-11-26', pick3: '719', pick4: '0051' },
    ]);
    // The night draw (23:34 ET, 04:34 UTC the next day) is the 26th's; its Cash 4 is not there yet.
    expect(problems.some((p) => p.includes('nuit 2026-11-26') && p.includes('Pick 4'))).toBe(true);
    expect(problems.some((p) => p.includes('illisibles'))).toBe(true);
    expect(problems.some((p) => p.includes('heure du tirage illisible'))).toBe(true);
  });
  it('asks one game between Eastern midnights', () => {
    const url = new URL(gaDrawsUrl('https://www.galottery.com', 'CASH 3', ['2026-11-26']));
    expect(url.searchParams.get('game-names')).toBe('CASH 3');
    expect(Number(url.searchParams.get('date-from'))).toBe(Date.UTC(2026, 10, 26, 5, 0));
    expect(url.searchParams.get('status')).toBe('CLOSED');
  });
  it('throws when « draws » is missing', () => {
    expect(() => parseGaDraws({ error: 'x' }, 'CASH 3', new PairCollector('GA', none), [])).toThrow(ProviderError);
  });
});

describe('fl_drawgames', () => {
  it('reads the wn numbers in order, ignores the Fireball and other games', () => {
    const problems: string[] = [];
    const pairs = new PairCollector('FL', none);
    parseFlLatest(JSON.parse(fixture('fl-latest.json')), pairs, problems);
    expect(pairs.result(problems)).toEqual([
      { state: 'FL', session: 'midi', drawDate: '2026-11-26', pick3: '061', pick4: '0073' },
    ]);
    // Evening: Pick 4 has a 12 (malformed), so Pick 3 stays alone.
    expect(problems.some((p) => p.includes('PICK 4 EVENING 2026-11-25'))).toBe(true);
    expect(problems.some((p) => p.includes('soir 2026-11-25'))).toBe(true);
  });
  it('throws on the gateway error body', () => {
    expect(() => parseFlLatest(JSON.parse(fixture('fl-error.json')), new PairCollector('FL', none), [])).toThrow(
      ProviderError,
    );
  });
});

describe('tx_csv', () => {
  it('reads the session from the game name, pairs the two files, skips the Fireball', () => {
    const problems: string[] = [];
    const pairs = new PairCollector('TX', new Set(['2026-11-24', '2026-11-25']));
    parseTxCsv(fixture('tx-pick3.csv'), 'pick3', pairs, problems);
    parseTxCsv(fixture('tx-daily4.csv'), 'pick4', pairs, problems);
    const obs = pairs.result(problems);
    expect(obs.filter((o) => o.drawDate === '2026-11-24')).toEqual([
      { state: 'TX', session: 'matin', drawDate: '2026-11-24', pick3: '004', pick4: '0309' },
      { state: 'TX', session: 'midi', drawDate: '2026-11-24', pick3: '518', pick4: '7712' },
      { state: 'TX', session: 'nuit', drawDate: '2026-11-24', pick3: '861', pick4: '1990' },
      { state: 'TX', session: 'soir', drawDate: '2026-11-24', pick3: '220', pick4: '6028' },
    ]);
    expect(obs.find((o) => o.drawDate === '2026-11-25' && o.session === 'matin')).toMatchObject({ pick3: '903' });
    expect(problems.join('\n')).toMatch(/Sunrise/);
    expect(problems.join('\n')).toMatch(/date illisible/);
    expect(problems.join('\n')).toMatch(/Pick 3 Day 2026-11-25 : numéros illisibles/);
  });
  it('refuses a body that is not the CSV', () => {
    expect(() => parseTxCsv('<html>maintenance</html>', 'pick3', new PairCollector('TX', none), [])).toThrow(
      ProviderError,
    );
  });
});

describe('tx_rss', () => {
  it('reads titles and descriptions, CDATA included; malformed numbers are problems', () => {
    const problems: string[] = [];
    const pairs = new PairCollector('TX', none);
    parseTxRss(fixture('tx-rss.xml'), pairs, problems);
    expect(pairs.result(problems)).toEqual([
      { state: 'TX', session: 'nuit', drawDate: '2026-11-24', pick3: '861', pick4: '1990' },
      { state: 'TX', session: 'matin', drawDate: '2026-11-25', pick3: '903', pick4: '0001' },
    ]);
    expect(problems.some((p) => p.includes('Pick 3 Day 2026-11-25'))).toBe(true);
  });
  it('refuses HTML', () => {
    expect(() => parseTxRss(fixture('tx-error.html'), new PairCollector('TX', none), [])).toThrow(ProviderError);
  });
});

describe('aggregator', () => {
  it('reads our format, refuses other states, sessions a state lacks and bad digits', () => {
    const problems: string[] = [];
    const obs = parseAggregator(JSON.parse(fixture('aggregator.json')), ['TN', 'TX'], none, problems);
    expect(obs).toEqual([
      { state: 'TN', session: 'matin', drawDate: '2026-11-26', pick3: '042', pick4: '0917' },
      { state: 'TN', session: 'midi', drawDate: '2026-11-26', pick3: '880', pick4: '1200' },
    ]);
    expect(problems).toHaveLength(5);
  });
});
