import type { Page } from '@borlette/shared/contracts/list';
import type { Endpoint } from '@borlette/shared/endpoint';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import type { ListParams } from './table-state';

/** The query key of a list: the feature's key, then the params (invalidate with the key alone). */
export const listQueryKey = (key: QueryKey, params: ListParams) => [...key, 'list', params] as const;

/**
 * GET a list endpoint (`{ results, count, page, page_size }`) with TanStack Query. The previous page
 * stays on screen while the next one loads (`keepPreviousData`), so the table does not jump.
 *
 *   const list = useListQuery<Surcussale>(['surcussales'], surcussaleEndpoints.list, params);
 */
export function useListQuery<T>(
  key: QueryKey,
  endpoint: Endpoint,
  params: ListParams,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: listQueryKey(key, params),
    // The table's params are the list query's (page, sort, search, the page's filters).
    queryFn: ({ signal }) => call(endpoint, params as never, { signal }) as Promise<unknown> as Promise<Page<T>>,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
