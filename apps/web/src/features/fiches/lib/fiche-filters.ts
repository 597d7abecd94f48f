import type { FicheStatus } from '@borlette/shared/contracts/fiches';
import { isDay } from '../../../lib/day-range';

/**
 * The filters of the ticket lists, kept in the URL beside the table's own params (page, search,
 * sort): sale dates, draw, sub-branch, agent (with its label, so a reload shows the name) and status.
 * Pure functions, unit-tested; the days and periods are `lib/day-range`'s (re-exported here).
 */

export {
  addDays,
  daysBetween,
  effectiveRange,
  isDay,
  matchingPreset,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  rangeProblem,
  todayIn,
} from '../../../lib/day-range';

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

const ID = /^[1-9]\d{0,14}$/;

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
