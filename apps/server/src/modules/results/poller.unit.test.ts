import { describe, expect, it } from 'vitest';
import { datesDue } from './poller';
import type { ProviderSettings } from './providers/types';
import type { SessionRow } from './results-query';

const settings: ProviderSettings = {
  code: 'ny-open-data',
  name: 'NY',
  kind: 'ny_socrata',
  states: ['NY'],
  baseUrl: 'sandbox:',
  enabled: true,
  pollStartMin: 2,
  pollEveryMin: 10,
  giveUpMin: 240,
};

const session = (drawDate: string, officialAt: string, stored: string | null, state = 'NY'): SessionRow =>
  ({
    source_id: 1,
    state_code: state,
    session: 'soir',
    source_name: 'New York Soir',
    timezone: 'America/New_York',
    official_time: '22:30',
    draw_date: drawDate,
    official_at: officialAt,
    day_off: false,
    stored_state: stored,
  }) as SessionRow;

const yesterday = '2026-11-26';
const official = '2026-11-27T03:30:00.000Z';
const hours = (h: number) => new Date(Date.parse(official) + h * 3_600_000);

describe('datesDue: which dates a source is asked', () => {
  it('inside the window: asked; before poll_start: not yet', () => {
    expect(datesDue({ settings, lastFetchAt: null }, [session(yesterday, official, null)], hours(1), false)).toEqual([
      yesterday,
    ]);
    expect(datesDue({ settings, lastFetchAt: null }, [session(yesterday, official, null)], hours(0.01), false)).toEqual(
      [],
    );
  });

  it('past give-up with nothing from any source (a server down at draw time, a fresh start): still asked', () => {
    for (const stored of [null, 'waiting', 'late'])
      expect(
        datesDue({ settings, lastFetchAt: null }, [session(yesterday, official, stored)], hours(8), false),
      ).toEqual([yesterday]);
  });

  it('past give-up with a result already (provisional, conflict, confirmed, manual): left alone', () => {
    for (const stored of ['provisional', 'conflict', 'confirmed', 'manual'])
      expect(
        datesDue({ settings, lastFetchAt: null }, [session(yesterday, official, stored)], hours(8), false),
      ).toEqual([]);
  });

  it('at most every poll_every_min, other states and days off ignored; a forced poll asks every drawn date', () => {
    const s = session(yesterday, official, null);
    const recent = hours(7.95).toISOString();
    expect(datesDue({ settings, lastFetchAt: recent }, [s], hours(8), false)).toEqual([]);
    expect(
      datesDue({ settings, lastFetchAt: null }, [session(yesterday, official, null, 'GA')], hours(8), false),
    ).toEqual([]);
    expect(datesDue({ settings, lastFetchAt: null }, [{ ...s, day_off: true }], hours(8), false)).toEqual([]);
    expect(
      datesDue({ settings, lastFetchAt: recent }, [session(yesterday, official, 'confirmed')], hours(8), true),
    ).toEqual([yesterday]);
  });
});
