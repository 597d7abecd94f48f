import { describe, expect, it } from 'vitest';
import { applies, deriveState, type StateInput } from './pipeline-state';

const at = new Date('2026-11-20T19:30:00Z');
const base: StateInput = {
  dayOff: false,
  officialAt: at,
  now: new Date(at.getTime() + 10 * 60_000),
  lateAfterMin: 60,
  observations: [],
  decision: null,
  published: null,
};
const said = (provider_code: string, pick3: string, pick4: string, min = 5) => ({
  provider_code,
  pick3,
  pick4,
  first_seen_at: new Date(at.getTime() + min * 60_000).toISOString(),
});

describe('the state of a result', () => {
  it('waits, then is late; a day off never is', () => {
    expect(deriveState(base).state).toBe('waiting');
    const later = { ...base, now: new Date(at.getTime() + 61 * 60_000) };
    expect(deriveState(later).state).toBe('late');
    expect(deriveState({ ...later, dayOff: true }).state).toBe('day_off');
  });

  it('one source: provisional; two agreeing: confirmed; disagreeing: conflict', () => {
    expect(deriveState({ ...base, observations: [said('a', '123', '4567')] })).toMatchObject({
      state: 'provisional',
      sources: ['a'],
    });
    const two = deriveState({ ...base, observations: [said('b', '123', '4567', 9), said('a', '123', '4567')] });
    expect(two).toMatchObject({ state: 'confirmed', sources: ['a', 'b'], pick3: '123' });
    expect(two.arrivedAt).toBe(said('a', '1', '1').first_seen_at);
    expect(deriveState({ ...base, observations: [said('a', '123', '4567'), said('b', '123', '4568')] })).toMatchObject({
      state: 'conflict',
      pick3: null,
    });
  });

  it('a decision stands, until a source gives other numbers after it', () => {
    const decision = { pick3: '123', pick4: '4567', at: new Date(at.getTime() + 20 * 60_000).toISOString() };
    const before = [said('a', '123', '4567'), said('b', '999', '4567')];
    expect(deriveState({ ...base, observations: before, decision }).state).toBe('confirmed');
    expect(deriveState({ ...base, observations: [], decision }).state).toBe('manual');
    const after = [said('a', '123', '4567'), said('b', '999', '4567', 30)];
    expect(deriveState({ ...base, observations: after, decision })).toMatchObject({ state: 'conflict', pick3: '123' });
  });

  it('applies confirmed results, and provisional ones only in provisional mode', () => {
    expect(applies('confirmed', 'confirmed')).toBe(true);
    expect(applies('provisional', 'confirmed')).toBe(false);
    expect(applies('provisional', 'provisional')).toBe(true);
    expect(applies('conflict', 'provisional')).toBe(false);
  });
});
