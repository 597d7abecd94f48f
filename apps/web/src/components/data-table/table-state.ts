/**
 * The state of a server-driven table, kept in the URL search params (so reload and Back keep it),
 * and its translation into the query of a list endpoint (docs/conventions.md: page, page_size,
 * search, sort, order, filters). Pure functions: unit-tested without a DOM.
 */

export type SortOrder = 'asc' | 'desc';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface TableState {
  /** 1-based, like the API. */
  page: number;
  pageSize: number;
  sort: string | null;
  order: SortOrder;
  search: string;
  /** Filter key -> value ('' = no filter). */
  filters: Record<string, string>;
}

export interface TableStateOptions {
  /** Filter param names the table owns (e.g. ['status', 'city_id']). */
  filterKeys?: readonly string[];
  defaultPageSize?: number;
  defaultSort?: string | null;
  defaultOrder?: SortOrder;
  /** Sort keys the table accepts; anything else in the URL is ignored. */
  sortKeys?: readonly string[];
  /** Prefix of the param names, for two tables on one page (e.g. 'a_' -> a_page, a_search...). */
  prefix?: string;
}

const MAX_PAGE = 100_000;
const MAX_SEARCH = 100;

function int(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

export function defaultTableState(options: TableStateOptions = {}): TableState {
  return {
    page: 1,
    pageSize: options.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    sort: options.defaultSort ?? null,
    order: options.defaultOrder ?? 'asc',
    search: '',
    filters: Object.fromEntries((options.filterKeys ?? []).map((k) => [k, ''])),
  };
}

/** URL -> state. Bad or unknown values fall back to the defaults instead of reaching the server. */
export function readTableState(params: URLSearchParams, options: TableStateOptions = {}): TableState {
  const p = options.prefix ?? '';
  const base = defaultTableState(options);
  const page = int(params.get(`${p}page`));
  const size = int(params.get(`${p}page_size`));
  const sort = params.get(`${p}sort`);
  const order = params.get(`${p}order`);
  const sortAllowed = sort !== null && sort !== '' && (!options.sortKeys || options.sortKeys.includes(sort));
  const filters = { ...base.filters };
  for (const key of options.filterKeys ?? []) filters[key] = params.get(`${p}${key}`) ?? '';
  return {
    page: page && page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : base.pageSize,
    sort: sortAllowed ? sort : base.sort,
    order: order === 'asc' || order === 'desc' ? order : base.order,
    search: (params.get(`${p}search`) ?? '').slice(0, MAX_SEARCH),
    filters,
  };
}

/**
 * state change -> new URL params. Other params of the page are kept; defaults are left out so the
 * URL stays short. Changing the search, a filter, the page size or the sort goes back to page 1.
 */
export function writeTableState(
  params: URLSearchParams,
  current: TableState,
  patch: Partial<Omit<TableState, 'filters'>> & { filters?: Record<string, string> },
  options: TableStateOptions = {},
): URLSearchParams {
  const p = options.prefix ?? '';
  const base = defaultTableState(options);
  const resets =
    (patch.search !== undefined && patch.search !== current.search) ||
    (patch.pageSize !== undefined && patch.pageSize !== current.pageSize) ||
    (patch.sort !== undefined && patch.sort !== current.sort) ||
    (patch.order !== undefined && patch.order !== current.order) ||
    (patch.filters !== undefined && Object.entries(patch.filters).some(([k, v]) => (current.filters[k] ?? '') !== v));
  const next: TableState = {
    ...current,
    ...patch,
    filters: { ...current.filters, ...patch.filters },
    page: patch.page ?? (resets ? 1 : current.page),
  };
  const out = new URLSearchParams(params);
  const put = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value === null || value === '' || value === fallback) out.delete(`${p}${key}`);
    else out.set(`${p}${key}`, String(value));
  };
  put('page', next.page, 1);
  put('page_size', next.pageSize, base.pageSize);
  put('search', next.search.trim() === '' ? '' : next.search, '');
  // The sort and its order travel together: a non-default order is only meaningful with its column.
  const sortIsDefault = next.sort === base.sort && next.order === base.order;
  put('sort', sortIsDefault ? null : next.sort, null);
  put('order', sortIsDefault || next.sort === null ? null : next.order, null);
  for (const [key, value] of Object.entries(next.filters)) put(key, value, '');
  return out;
}

/** The next sort when a column header is clicked: a new column sorts ascending, the same one flips. */
export function nextSort(state: Pick<TableState, 'sort' | 'order'>, key: string): { sort: string; order: SortOrder } {
  if (state.sort === key) return { sort: key, order: state.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: 'asc' };
}

export type ListParams = Record<string, string | number | undefined>;

/** state -> query of the list endpoint; empty values are left out. */
export function toListParams(state: TableState, extra: ListParams = {}): ListParams {
  const params: ListParams = { page: state.page, page_size: state.pageSize };
  const search = state.search.trim();
  if (search) params.search = search;
  if (state.sort) {
    params.sort = state.sort;
    params.order = state.order;
  }
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params[key] = value;
  for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== '') params[key] = value;
  return params;
}

/** The same query for the CSV export: every matching row, so no page. */
export function toCsvParams(params: ListParams): ListParams {
  const { page: _page, page_size: _size, ...rest } = params;
  return { ...rest, format: 'csv' };
}

/** True when the search or a filter narrows the list (the empty state then offers to clear them). */
export function isFiltered(state: TableState): boolean {
  return state.search.trim() !== '' || Object.values(state.filters).some((v) => v !== '');
}

/** The page to show when the current one is past the end (e.g. after deleting the last row of it). */
export function lastPage(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
