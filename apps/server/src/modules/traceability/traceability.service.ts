import {
  diffChanges,
  TRACE_DEFAULT_DAYS,
  TRACE_MAX_DAYS,
  type TraceEntry,
  type TraceKind,
  type TracePage,
} from '@borlette/shared/contracts/traceability';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import type { HasAuth } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { CSV_MAX_ROWS } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { type TraceQueryValues, traceCount, type traceRow, traceRows, zoneAndToday } from './traceability-query';

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The day range asked for (yyyy-MM-dd, the company's calendar), defaults applied: the last 7 days
 * ending today. At most 366 days, so that a list never scans the whole trail.
 */
export function dayRange(q: { start_date?: string; end_date?: string }, today: string) {
  const end =
    q.end_date ??
    (q.start_date ? dayString(Math.min(dayNumber(q.start_date) + TRACE_DEFAULT_DAYS - 1, dayNumber(today))) : today);
  const start = q.start_date ?? dayString(dayNumber(end) - (TRACE_DEFAULT_DAYS - 1));
  if (end < start) {
    throw badRequest('La date de fin doit suivre la date de début.', {
      end_date: 'La date de fin doit suivre la date de début',
    });
  }
  if (dayNumber(end) - dayNumber(start) + 1 > TRACE_MAX_DAYS) {
    throw badRequest(`Période trop longue : ${TRACE_MAX_DAYS} jours au plus.`, {
      end_date: `Période trop longue (${TRACE_MAX_DAYS} jours au plus)`,
    });
  }
  return { start, end };
}

type TraceRow = z.output<typeof traceRow>;

const toEntry = ({ before, after, at_ts: _at, tie: _tie, ...r }: TraceRow): TraceEntry => ({
  ...r,
  changes: diffChanges(before, after),
});

/** One page of a traceability list: the page and the count are two statements, run together. */
export async function tracePage(
  raw: RawClient,
  ctx: HasAuth,
  kind: TraceKind,
  q: TraceQueryValues,
): Promise<TracePage> {
  const { tz, today } = await zoneAndToday(raw, companyScope(ctx));
  const range = dayRange(q, today);
  const [rows, n] = await Promise.all([
    traceRows(raw, ctx, kind, q, range, tz, q.page_size, (q.page - 1) * q.page_size),
    traceCount(raw, ctx, kind, q, range, tz),
  ]);
  return {
    results: rows.map(toEntry),
    count: n,
    page: q.page,
    page_size: q.page_size,
    start_date: range.start,
    end_date: range.end,
    timezone: tz,
  };
}

/** Every matching entry (capped), for the CSV export. */
export async function traceAll(raw: RawClient, ctx: HasAuth, kind: TraceKind, q: TraceQueryValues) {
  const { tz, today } = await zoneAndToday(raw, companyScope(ctx));
  const range = dayRange(q, today);
  const rows = await traceRows(raw, ctx, kind, q, range, tz, CSV_MAX_ROWS, 0);
  return rows.map(toEntry);
}
