import { describe, expect, it } from 'vitest';
import {
  defaultTableState,
  isFiltered,
  lastPage,
  nextSort,
  readTableState,
  type TableStateOptions,
  toCsvParams,
  toListParams,
  writeTableState,
} from './table-state';

const options: TableStateOptions = { filterKeys: ['status', 'city_id'], sortKeys: ['name', 'agents_count'] };
const read = (qs: string, o = options) => readTableState(new URLSearchParams(qs), o);
const write = (qs: string, patch: Parameters<typeof writeTableState>[2], o = options) => {
  const params = new URLSearchParams(qs);
  return writeTableState(params, readTableState(params, o), patch, o).toString();
};

describe('table state <-> URL', () => {
  it('reads defaults from an empty URL', () => {
    expect(read('')).toEqual({
      page: 1,
      pageSize: 25,
      sort: null,
      order: 'asc',
      search: '',
      filters: { status: '', city_id: '' },
    });
  });

  it('reads every param', () => {
    expect(read('page=3&page_size=50&sort=name&order=desc&search=p%C3%A9tion&status=blocked&city_id=4')).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'desc',
      search: 'pétion',
      filters: { status: 'blocked', city_id: '4' },
    });
  });

  it('ignores bad values instead of sending them to the server', () => {
    const s = read('page=-2&page_size=33&sort=password&order=up&other=1');
    expect(s.page).toBe(1);
    expect(s.pageSize).toBe(25);
    expect(s.sort).toBeNull();
    expect(s.order).toBe('asc');
    expect(read('page=abc').page).toBe(1);
    expect(read('page=1e5').page).toBe(1);
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('uses the given defaults', () => {
    const o = { ...options, defaultPageSize: 10, defaultSort: 'name', defaultOrder: 'desc' as const };
    expect(read('', o)).toMatchObject({ pageSize: 10, sort: 'name', order: 'desc' });
    expect(defaultTableState(o).filters).toEqual({ status: '', city_id: '' });
  });

  it('writes only what differs from the defaults and keeps unrelated params', () => {
    expect(write('tab=2', { page: 2 })).toBe('tab=2&page=2');
    expect(write('page=2', { page: 1 })).toBe('');
    expect(write('', { pageSize: 25 })).toBe('');
    expect(write('', { search: '   ' })).toBe('');
  });

  it('goes back to page 1 when the search, a filter, the size or the sort changes', () => {
    expect(write('page=4', { search: 'ville' })).toBe('search=ville');
    expect(write('page=4', { filters: { status: 'active' } })).toBe('status=active');
    expect(write('page=4', { pageSize: 50 })).toBe('page_size=50');
    expect(write('page=4', nextSort(read('page=4'), 'name'))).toBe('sort=name&order=asc');
    // ...but not when nothing changed.
    expect(write('page=4&status=active', { filters: { status: 'active' } })).toBe('page=4&status=active');
  });

  it('removes a cleared filter', () => {
    expect(write('status=blocked&city_id=3', { filters: { status: '' } })).toBe('city_id=3');
  });

  it('writes sort and order together, and leaves the default sort out', () => {
    const o = { ...options, defaultSort: 'name' };
    expect(write('', { sort: 'name', order: 'asc' }, o)).toBe('');
    expect(write('', { sort: 'name', order: 'desc' }, o)).toBe('sort=name&order=desc');
    expect(write('', { sort: 'agents_count', order: 'asc' }, o)).toBe('sort=agents_count&order=asc');
  });

  it('round-trips through the URL', () => {
    const patch = {
      page: 2,
      pageSize: 10,
      sort: 'agents_count',
      order: 'desc' as const,
      search: 'a b',
      filters: { status: 'blocked' },
    };
    const qs = write('', patch);
    expect(read(qs)).toEqual({ ...patch, filters: { status: 'blocked', city_id: '' } });
  });

  it('supports a prefix for two tables on a page', () => {
    const o = { ...options, prefix: 'a_' };
    expect(write('page=3', { page: 2 }, o)).toBe('page=3&a_page=2');
    expect(read('a_page=2&page=3', o).page).toBe(2);
  });
});

describe('sort, list params, CSV params', () => {
  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort({ sort: null, order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'agents_count')).toEqual({ sort: 'agents_count', order: 'asc' });
  });

  it('builds the query of the list endpoint without empty values', () => {
    const s = read('page=2&search=%20port%20&status=active&sort=name&order=desc');
    expect(toListParams(s)).toEqual({
      page: 2,
      page_size: 25,
      search: 'port',
      sort: 'name',
      order: 'desc',
      status: 'active',
    });
    expect(toListParams(read(''), { country: 'HT', empty: '', none: undefined })).toEqual({
      page: 1,
      page_size: 25,
      country: 'HT',
    });
  });

  it('asks the CSV of every matching row (no page)', () => {
    expect(toCsvParams({ page: 3, page_size: 25, search: 'x', status: 'active' })).toEqual({
      search: 'x',
      status: 'active',
      format: 'csv',
    });
  });

  it('knows when the list is narrowed and where the last page is', () => {
    expect(isFiltered(read(''))).toBe(false);
    expect(isFiltered(read('search=a'))).toBe(true);
    expect(isFiltered(read('status=active'))).toBe(true);
    expect(isFiltered(read('page=2&sort=name'))).toBe(false);
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });
});
