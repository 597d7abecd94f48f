import type { Page } from '@borlette/shared/contracts/list';
import type { Endpoint } from '@borlette/shared/endpoint';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ListParams } from './table-state';

/** The query key of a list: the feature's key, then the params (invalidate with the key alone). */
export const listQueryKey = (key: QueryKey, params: ListParams) => [...key, 'list', params] as const;

/**
 * GET a list endpoint (`{ results, count, page, page_size }`) with TanStack Query. The previous page
 * stays on screen while the next one loads (`keepPreviousData`), so the table does not jump.
 *
 *   const list = useListQuery<Surcussale>(['surcussales'], surcussaleEndpoints.list, params);
 *
 * (A path string is still accepted until every list has its declaration: issue 17.)
 */
export function useListQuery<T>(
  key: QueryKey,
  endpoint: Endpoint | string,
  params: ListParams,
  options: { enabled?: boolean } = {},
) {
  const url = typeof endpoint === 'string' ? endpoint : endpoint.path;
  return useQuery({
    queryKey: listQueryKey(key, params),
    queryFn: ({ signal }) => api.get<Page<T>>(url, { params, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
