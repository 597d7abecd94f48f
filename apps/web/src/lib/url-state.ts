import { effectiveRange, isDay, rangeProblem } from './day-range';

/**
 * The filters of the reports, the statistics and the wallet, kept in the URL (a reload, Back and a
 * copied link keep them): the period, the draw, the sub-branch, the agent (with its name, so a reload
 * shows it) and each page's own choices (grouping, game, kind…). Param names are the API's, so a
 * copied link reads like the request. Pure functions, unit-tested.
 */

/** How a param is read: a business day, an id, free text (a label), or one of a list. */
export type ParamType = 'day' | 'id' | 'int' | 'text' | readonly string[];

export interface ParamSpec {
  param: string;
  type: ParamType;
  /** A label that only makes sense with another field (the agent's name with its id). */
  with?: string;
}

export type UrlSpec<K extends string> = Record<K, ParamSpec>;
export type UrlState<K extends string> = Record<K, string>;

const ID = /^[1-9]\d{0,14}$/;
const INT = /^-?\d{1,6}$/;
const MAX_TEXT = 80;

/** The period, draw, sub-branch and agent of every report-like page. */
export const PERIOD_SPEC = {
  start: { param: 'start_date', type: 'day' },
  end: { param: 'end_date', type: 'day' },
  tirage: { param: 'tirage_id', type: 'id' },
  surcussale: { param: 'surcussale_id', type: 'id' },
  agent: { param: 'agent_id', type: 'id' },
  agentLabel: { param: 'agent', type: 'text', with: 'agent' },
} as const satisfies UrlSpec<string>;

export type PeriodKey = keyof typeof PERIOD_SPEC;
export type PeriodState = UrlState<PeriodKey>;

function valid(type: ParamType, value: string): boolean {
  if (type === 'day') return isDay(value);
  if (type === 'id') return ID.test(value);
  if (type === 'int') return INT.test(value);
  if (type === 'text') return true;
  return type.includes(value);
}

/** URL -> state; anything malformed is '' (never sent to the server). */
export function readUrlState<K extends string>(params: URLSearchParams, spec: UrlSpec<K>): UrlState<K> {
  const out = {} as UrlState<K>;
  for (const key of Object.keys(spec) as K[]) {
    const s = spec[key];
    const raw = (params.get(s.param) ?? '').trim();
    out[key] = raw && valid(s.type, raw) ? (s.type === 'text' ? raw.slice(0, MAX_TEXT) : raw) : '';
  }
  for (const key of Object.keys(spec) as K[]) {
    const companion = spec[key].with as K | undefined;
    if (companion && !out[companion]) out[key] = '';
  }
  return out;
}

/**
 * patch -> new URL params: other params kept, empty values removed, a label dropped with its id, and
 * the table's page back to 1 (the rows change).
 */
export function writeUrlState<K extends string>(
  params: URLSearchParams,
  spec: UrlSpec<K>,
  patch: Partial<UrlState<K>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
    if (value === undefined || !spec[key]) continue;
    if (value) next.set(spec[key].param, value);
    else next.delete(spec[key].param);
  }
  for (const key of Object.keys(spec) as K[]) {
    const companion = spec[key].with as K | undefined;
    if (companion && patch[companion] === '') next.delete(spec[key].param);
  }
  next.delete('page');
  return next;
}

/** Today is the default period: choosing it leaves the URL clean (a bookmark keeps meaning « today »). */
export function cleanPeriod<P extends Partial<PeriodState>>(patch: P, today: string): P {
  return patch.start === today && patch.end === today ? { ...patch, start: '', end: '' } : patch;
}

/** The period shown and sent, and what is wrong with it (null when fine). */
export function periodOf(state: Pick<PeriodState, 'start' | 'end'>, today: string) {
  const range = effectiveRange(state, today);
  return { range, problem: rangeProblem(range.start, range.end) };
}

/** The query params of a report endpoint for the period filters (empty ones left out). */
export function periodParams(state: PeriodState, range: { start: string; end: string }) {
  return {
    start_date: range.start,
    end_date: range.end,
    tirage_id: state.tirage || undefined,
    surcussale_id: state.surcussale || undefined,
    agent_id: state.agent || undefined,
  };
}

/** True when a filter other than the period narrows the figures. */
export const narrowed = (state: Partial<PeriodState> & Record<string, string | undefined>, keys: string[]) =>
  keys.some((k) => !!state[k]);
