import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from './calendar';
import { fetchFor, providerFor } from './index';
import { sandboxNumbers } from './sandbox-feed';
import type { Observation, ProviderKind, ProviderSettings, StateCode } from './types';

/** The seed's calendar (migration 0004), as readDrawCalendar answers it. */
const row = (
  id: number,
  state: StateCode,
  session: CalendarEntry['session'],
  tz: string,
  time: string,
  days: number[],
) => ({ sourceId: id, state, session, timezone: tz, drawTime: time, days, holidays: [] }) satisfies CalendarEntry;
const ET = 'America/New_York';
const CT = 'America/Chicago';
const ALL = [0, 1, 2, 3, 4, 5, 6];
const MON_SAT = [1, 2, 3, 4, 5, 6];
const CALENDAR: CalendarEntry[] = [
  row(1, 'NY', 'midi', ET, '14:30', ALL),
  row(2, 'NY', 'soir', ET, '22:30', ALL),
  row(3, 'FL', 'midi', ET, '13:30', ALL),
  row(4, 'FL', 'soir', ET, '21:45', ALL),
  row(5, 'GA', 'midi', ET, '12:29', ALL),
  row(6, 'GA', 'soir', ET, '18:59', ALL),
  row(7, 'GA', 'nuit', ET, '23:34', ALL),
  row(8, 'TN', 'matin', CT, '09:28', MON_SAT),
  row(9, 'TN', 'midi', CT, '12:28', MON_SAT),
  row(10, 'TN', 'soir', CT, '18:28', ALL),
  row(11, 'TX', 'matin', CT, '10:00', MON_SAT),
  row(12, 'TX', 'midi', CT, '12:27', MON_SAT),
  row(13, 'TX', 'soir', CT, '18:00', MON_SAT),
  row(14, 'TX', 'nuit', CT, '22:12', MON_SAT),
];

const KINDS: [ProviderKind, StateCode[]][] = [
  ['ny_socrata', ['NY']],
  ['ga_drawgames', ['GA']],
  ['fl_drawgames', ['FL']],
  ['tx_csv', ['TX']],
  ['tx_rss', ['TX']],
  ['aggregator', ['NY', 'FL', 'GA', 'TN', 'TX']],
];

async function observe(kind: ProviderKind, states: StateCode[], now: Date, dates: string[], calendar = CALENDAR) {
  const settings: ProviderSettings = {
    code: kind,
    name: kind,
    kind,
    states,
    baseUrl: 'sandbox:',
    enabled: true,
    pollStartMin: 5,
    pollEveryMin: 10,
    giveUpMin: 240,
  };
  const r = await providerFor(kind).fetchResults({
    settings,
    dates,
    fetch: fetchFor(settings, { calendar, now: () => now, sandboxDelayMin: 2 }),
  });
  expect(r.problems).toEqual([]);
  return r.observations;
}

const key = (o: Observation) => `${o.state}|${o.session}|${o.drawDate}`;

describe('the built-in sandbox feed', () => {
  // Wednesday 2026-11-25, 23:59 Eastern (04:59 UTC on the 26th): every session of the day is past.
  const late = new Date(Date.UTC(2026, 10, 26, 4, 59));

  it('every provider reads it in its own format, and all agree with the hash', async () => {
    const seen = new Map<string, string>();
    for (const [kind, states] of KINDS) {
      const obs = await observe(kind, states, late, ['2026-11-25']);
      expect(obs.length, kind).toBeGreaterThan(0);
      for (const o of obs) {
        const expected = sandboxNumbers(o.state, o.session, o.drawDate);
        expect(o.pick3 + o.pick4, `${kind} ${key(o)}`).toBe(expected.pick3 + expected.pick4);
        const before = seen.get(key(o));
        if (before) expect(before).toBe(o.pick3 + o.pick4);
        seen.set(key(o), o.pick3 + o.pick4);
      }
    }
    // Every session of the calendar drawn that Wednesday is covered by at least one source.
    expect([...seen.keys()].filter((k) => k.endsWith('2026-11-25')).length).toBe(14);
  });

  it('publishes a session only after its official time plus the delay', async () => {
    // 14:31 ET: NY midi (14:30) is drawn, but the 2-minute delay has not passed; at 14:33 it has.
    const before = await observe('ny_socrata', ['NY'], new Date(Date.UTC(2026, 10, 25, 19, 31)), ['2026-11-25']);
    expect(before).toEqual([]);
    const after = await observe('ny_socrata', ['NY'], new Date(Date.UTC(2026, 10, 25, 19, 33)), ['2026-11-25']);
    expect(after.map((o) => o.session)).toEqual(['midi']);
  });

  it('has no Texas draw on Sunday, and none on a holiday', async () => {
    const sunday = new Date(Date.UTC(2026, 10, 30, 5, 0)); // Sunday 2026-11-29, 23:00 CT
    expect(await observe('tx_csv', ['TX'], sunday, ['2026-11-29'])).toEqual([]);
    const holiday = CALENDAR.map((e) => (e.state === 'NY' ? { ...e, holidays: ['2026-11-25'] } : e));
    expect(await observe('ny_socrata', ['NY'], late, ['2026-11-25'], holiday)).toEqual([]);
  });

  it('covers Tennessee only through the aggregator', async () => {
    const obs = await observe('aggregator', ['NY', 'FL', 'GA', 'TN', 'TX'], late, ['2026-11-25']);
    expect(
      obs
        .filter((o) => o.state === 'TN')
        .map((o) => o.session)
        .sort(),
    ).toEqual(['matin', 'midi', 'soir']);
  });
});
