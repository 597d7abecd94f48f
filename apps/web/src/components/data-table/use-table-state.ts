import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readTableState, type TableState, type TableStateOptions, writeTableState } from './table-state';

export type TablePatch = Partial<Omit<TableState, 'filters'>> & { filters?: Record<string, string> };

/**
 * The table state read from / written to the URL search params. Page and sort changes add a history
 * entry (Back returns to the previous page of the list); typing in the search box replaces it.
 */
export function useTableState(options: TableStateOptions = {}) {
  const [params, setParams] = useSearchParams();
  const { filterKeys, defaultPageSize, defaultSort, defaultOrder, sortKeys, prefix } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are compared by value
  const stable = useMemo<TableStateOptions>(
    () => ({ filterKeys, defaultPageSize, defaultSort, defaultOrder, sortKeys, prefix }),
    [filterKeys?.join(','), defaultPageSize, defaultSort, defaultOrder, sortKeys?.join(','), prefix],
  );
  const state = useMemo(() => readTableState(params, stable), [params, stable]);

  const update = useCallback(
    (patch: TablePatch, { replace = false }: { replace?: boolean } = {}) => {
      setParams((current) => writeTableState(current, readTableState(current, stable), patch, stable), {
        replace,
        preventScrollReset: true,
      });
    },
    [setParams, stable],
  );

  return { state, update, options: stable };
}
