import { createHash } from 'node:crypto';
import { type CalendarEntry, drawsOn, officialAt } from './calendar';
import type { SessionCode, StateCode } from './types';
import { addDays, zonedDate } from './zoned';

/**
 * What the built-in feed has published at an instant: a function of (calendar, now) only. Each state
 * session's numbers are a hash of (state, session, date), so every source that covers a state (its
 * own, Texas' CSV and RSS, the aggregator) says the same and two sources confirm in the demo.
 */
export interface SandboxDraw {
  entry: CalendarEntry;
  date: string;
  at: Date;
  pick3: string;
  pick4: string;
  fireball: string;
}

export interface SandboxClock {
  calendar: readonly CalendarEntry[];
  now: () => Date;
  /** Minutes after the official time before a result appears (sources are never instant). */
  delayMin: number;
}

export function sandboxNumbers(state: StateCode, session: SessionCode, date: string) {
  const h = createHash('sha256').update(`borlette-sandbox|${state}|${session}|${date}`).digest();
  const d = (i: number) => String(h[i] % 10);
  return { pick3: d(0) + d(1) + d(2), pick4: d(3) + d(4) + d(5) + d(6), fireball: d(7) };
}

/** The published draws of these states between two state-local dates (inclusive), oldest first. */
export function publishedDraws(
  clock: SandboxClock,
  states: readonly StateCode[],
  from: string,
  to: string,
): SandboxDraw[] {
  const now = clock.now().getTime();
  const out: SandboxDraw[] = [];
  for (const entry of clock.calendar) {
    if (!states.includes(entry.state)) continue;
    const today = zonedDate(new Date(now), entry.timezone);
    const last = to < today ? to : today;
    // Bounded: a query for ten years answers the last 400 days.
    let date = from > addDays(last, -400) ? from : addDays(last, -400);
    for (; date <= last; date = addDays(date, 1)) {
      if (!drawsOn(entry, date)) continue;
      const at = officialAt(entry, date);
      if (at.getTime() + clock.delayMin * 60_000 > now) continue;
      out.push({ entry, date, at, ...sandboxNumbers(entry.state, entry.session, date) });
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The most recent published draw of each session of these states (the « latest results » pages). */
export function latestDraws(clock: SandboxClock, states: readonly StateCode[]): SandboxDraw[] {
  const today = zonedDate(clock.now(), 'UTC');
  const latest = new Map<string, SandboxDraw>();
  for (const d of publishedDraws(clock, states, addDays(today, -8), addDays(today, 1))) {
    latest.set(`${d.entry.state}|${d.entry.session}`, d);
  }
  return [...latest.values()];
}
