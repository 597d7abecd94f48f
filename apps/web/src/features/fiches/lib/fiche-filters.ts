import { DATE_RANGE_MAX_DAYS } from '@borlette/shared/contracts/engine-common';
import type { FicheStatus } from '@borlette/shared/contracts/fiches';
import { toZonedWallClock } from '../../../lib/format-time';

/**
 * The filters of the ticket lists, kept in the URL beside the table's own params (page, search,
 * sort): sale dates, draw, sub-branch, agent (with its label, so a reload shows the name) and status.
 * Pure functions, unit-tested.
 */

export type FicheKind = 'sold' | 'winning' | 'paid' | 'deleted';

export interface FicheFilters {
  /** What the URL says ('' = not given). */
  start: string;
  end: string;
  tirage: string;
  surcussale: string;
  agent: string;
  agentLabel: string;
  status: string;
}

/** URL param of each filter (the API's names, so a copied link reads like the request). */
export const FILTER_PARAMS = {
  start: 'start_date',
  end: 'end_date',
  tirage: 'tirage_id',
  surcussale: 'surcussale_id',
  agent: 'agent_id',
  agentLabel: 'agent',
  status: 'status',
} as const satisfies Record<keyof FicheFilters, string>;

/** Statuses a list may hold (the payées list holds only « payé »: no filter there). */
export const KIND_STATUSES: Record<FicheKind, readonly FicheStatus[]> = {
  sold: ['en_attente', 'gagnant', 'perdant', 'paye'],
  winning: ['gagnant', 'paye'],
  paid: [],
  deleted: ['annule', 'supprime'],
};

const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,14}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export const isDay = (v: string | null | undefined): v is string =>
  !!v && ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '2000-01-01' && v <= '2100-12-31';

/** Today on the company's calendar (yyyy-MM-dd), whatever the browser's zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  const d = toZonedWallClock(now, timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;

/** URL -> filters; anything malformed is dropped instead of reaching the server. */
export function readFilters(params: URLSearchParams, kind: FicheKind): FicheFilters {
  const id = (k: string) => {
    const v = params.get(k) ?? '';
    return ID.test(v) ? v : '';
  };
  const status = params.get(FILTER_PARAMS.status) ?? '';
  const agent = id(FILTER_PARAMS.agent);
  return {
    start: isDay(params.get(FILTER_PARAMS.start)) ? (params.get(FILTER_PARAMS.start) as string) : '',
    end: isDay(params.get(FILTER_PARAMS.end)) ? (params.get(FILTER_PARAMS.end) as string) : '',
    tirage: id(FILTER_PARAMS.tirage),
    surcussale: id(FILTER_PARAMS.surcussale),
    agent,
    agentLabel: agent ? (params.get(FILTER_PARAMS.agentLabel) ?? '').slice(0, 80) : '',
    status: (KIND_STATUSES[kind] as readonly string[]).includes(status) ? status : '',
  };
}

/**
 * filters patch -> new URL params. Other params are kept, empty values removed, and the page goes
 * back to 1 (the table's own `page` param) since the rows change.
 */
export function writeFilters(params: URLSearchParams, patch: Partial<FicheFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [keyof FicheFilters, string | undefined][]) {
    if (value === undefined) continue;
    if (value) next.set(FILTER_PARAMS[key], value);
    else next.delete(FILTER_PARAMS[key]);
  }
  if (patch.agent === '') next.delete(FILTER_PARAMS.agentLabel);
  next.delete('page');
  return next;
}

/** The period shown and sent: today unless chosen; one bound alone makes a one-day period. */
export function effectiveRange(f: Pick<FicheFilters, 'start' | 'end'>, today: string) {
  const start = f.start || f.end || today;
  const end = f.end || f.start || today;
  return { start, end };
}

/** A language-free problem code for the range inputs, or null. */
export function rangeProblem(start: string, end: string): 'order' | 'tooLong' | null {
  if (end < start) return 'order';
  if (daysBetween(start, end) > DATE_RANGE_MAX_DAYS) return 'tooLong';
  return null;
}

export type RangePreset = 'today' | 'yesterday' | 'week' | 'month';
export const RANGE_PRESETS: readonly RangePreset[] = ['today', 'yesterday', 'week', 'month'];

/** The period of a shortcut: today, yesterday, the last 7 days, the current month (to today). */
export function presetRange(preset: RangePreset, today: string): { start: string; end: string } {
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { start: y, end: y };
    }
    case 'week':
      return { start: addDays(today, -6), end: today };
    case 'month':
      return { start: `${today.slice(0, 8)}01`, end: today };
  }
}

/** The shortcut a period matches, if any (to highlight it). */
export function matchingPreset(range: { start: string; end: string }, today: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.start === range.start && r.end === range.end;
    }) ?? null
  );
}

/** True when a filter other than the period narrows the list. */
export const hasNarrowingFilter = (f: FicheFilters) => !!(f.tirage || f.surcussale || f.agent || f.status);

/** The query params of the list endpoint (besides the table's page/sort/search). */
export function toApiParams(f: FicheFilters, range: { start: string; end: string }) {
  return {
    start_date: range.start,
    end_date: range.end,
    tirage_id: f.tirage || undefined,
    surcussale_id: f.surcussale || undefined,
    agent_id: f.agent || undefined,
    status: f.status || undefined,
  };
}
