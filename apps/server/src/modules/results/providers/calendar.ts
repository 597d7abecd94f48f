import { z } from 'zod';
import type { RawClient } from '../../../db/client';
import { rows, sql } from '../../../db/sql';
import type { SessionCode, StateCode } from './types';
import { weekday, zonedInstant } from './zoned';

/** A state session's official schedule (draw_sources + draw_source_holidays). */
export interface CalendarEntry {
  sourceId: number;
  state: StateCode;
  session: SessionCode;
  timezone: string;
  /** HH:MM, the state's wall clock. */
  drawTime: string;
  /** 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** YYYY-MM-DD days it does not draw. */
  holidays: string[];
}

/** Whether the session draws on that (state-local) date: its weekday, not a holiday. */
export function drawsOn(entry: CalendarEntry, date: string): boolean {
  return entry.days.includes(weekday(date)) && !entry.holidays.includes(date);
}

/** The instant of the session's official draw on that date. */
export function officialAt(entry: CalendarEntry, date: string): Date {
  return zonedInstant(date, entry.drawTime, entry.timezone);
}

const calendarRow = z.object({
  source_id: z.number(),
  state: z.enum(['NY', 'FL', 'GA', 'TN', 'TX']),
  session: z.enum(['matin', 'midi', 'soir', 'nuit']),
  timezone: z.string(),
  draw_time: z.string(),
  days: z.array(z.number()),
  holidays: z.array(z.string()),
});

/** The calendar as the poller and the sandbox read it. */
export async function readDrawCalendar(raw: RawClient): Promise<CalendarEntry[]> {
  const list = await rows(
    raw,
    calendarRow,
    sql`SELECT s.id AS source_id, s.state, s.session, s.timezone, to_char(s.draw_time, 'HH24:MI') AS draw_time,
               s.days::int[] AS days,
               coalesce((SELECT array_agg(h.day::text ORDER BY h.day) FROM draw_source_holidays h WHERE h.source_id = s.id),
                        '{}'::text[]) AS holidays
          FROM draw_sources s ORDER BY s.state, s.draw_time`,
  );
  return list.map((r) => ({
    sourceId: r.source_id,
    state: r.state,
    session: r.session,
    timezone: r.timezone,
    drawTime: r.draw_time,
    days: r.days,
    holidays: r.holidays,
  }));
}
