/**
 * Wall-clock time in a state's zone ↔ UTC instants, through Intl (no library: three functions).
 * Dates are YYYY-MM-DD, times HH:MM.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { y: +p.year, m: +p.month, d: +p.day, h: +p.hour, mi: +p.minute, s: +p.second };
}

/** How far the zone's wall clock is ahead of UTC at that instant (ms). */
function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock date and time happen in the zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, h, mi);
  let at = guess - offsetMs(new Date(guess), timeZone);
  const second = offsetMs(new Date(at), timeZone);
  if (guess - second !== at) at = guess - second;
  return new Date(at);
}

/** The zone's date (YYYY-MM-DD) at that instant. */
export function zonedDate(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

/** The zone's hour (0-23) at that instant. */
export function zonedHour(at: Date, timeZone: string): number {
  return wallClock(at, timeZone).h;
}

/** 0 = Sunday … 6 = Saturday (draw_sources.days), of a calendar date. */
export function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The date `days` after (or before) a date. */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
