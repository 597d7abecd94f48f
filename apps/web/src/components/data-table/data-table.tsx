import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { visuallyHidden } from '../visually-hidden';
import { useCsvExport } from './csv-export';
import { DataCards } from './data-cards';
import { RowActionsMenu } from './row-actions-menu';
import { rowClick } from './row-click';
import { isFiltered, lastPage, nextSort, PAGE_SIZES, toListParams } from './table-state';
import { EmptyState, ErrorState, MessagePanel, SkeletonRows } from './table-states';
import { stickyCell } from './table-styles';
import { TableToolbar } from './table-toolbar';
import type { DataTableColumn, DataTableProps } from './types';
import { useListQuery } from './use-list-query';
import { useTableState } from './use-table-state';

/** Namespaces named by 'ns:key' labels, so that the table loads them before translating. */
function namespacesOf(keys: (string | undefined)[]): string[] {
  const set = new Set<string>(['components']);
  for (const key of keys) if (key?.includes(':')) set.add(key.slice(0, key.indexOf(':')));
  return [...set];
}

function cellValue<T>(column: DataTableColumn<T>, row: T): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.id];
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/**
 * A server-driven table for list endpoints (`{ results, count, page, page_size }`): pagination, sort,
 * debounced search, select filters and CSV export, with every bit of state in the URL.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    queryKey,
    endpoint,
    columns,
    rowKey,
    onRowClick,
    rowActions,
    rowLabel,
    filters = [],
    toolbar,
    params: extraParams,
    searchable = true,
    searchPlaceholder = 'components:table.search',
    csv = false,
    csvFilename,
    defaultSort,
    defaultOrder,
    defaultPageSize,
    paramPrefix,
    empty,
    ariaLabel,
  } = props;
  const ns = namespacesOf([
    ...columns.map((c) => c.header),
    ...filters.flatMap((f) => [f.label, f.allLabel, ...f.options.map((o) => o.label)]),
    searchPlaceholder,
  ]);
  const { t } = useTranslation(ns);
  const theme = useTheme();
  // Phones get cards (every column, the amounts in view); wider screens the table.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Below md the table may scroll sideways: the first column and the row menu then stay in view.
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const sticky = (side: 'left' | 'right', header = false) => (compact ? stickyCell(theme, side, header) : {});

  const filterKeys = useMemo(() => filters.map((f) => f.key), [filters]);
  const sortKeys = useMemo(() => columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [columns]);
  const { state, update } = useTableState({
    filterKeys,
    sortKeys,
    defaultSort,
    defaultOrder,
    defaultPageSize,
    prefix: paramPrefix,
  });
  const listParams = useMemo(() => toListParams(state, extraParams), [state, extraParams]);
  const query = useListQuery<T>(queryKey, endpoint, listParams);
  const { exporting, exportCsv } = useCsvExport(endpoint, listParams, csvFilename);

  const data = query.data;
  // Past the last page (rows deleted meanwhile, an old link): go to the last one that exists.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.count > 0 && state.page > lastPage(data.count, state.pageSize)) {
      update({ page: lastPage(data.count, state.pageSize) }, { replace: true });
    }
  }, [data, query.isPlaceholderData, state.page, state.pageSize, update]);

  const onSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const shown = columns;
  const hasActions = !!rowActions;
  const filtered = isFiltered(state);
  const clearAll = () => update({ search: '', filters: Object.fromEntries(filterKeys.map((k) => [k, ''])) });

  let body: ReactNode = null;
  // Empty and error states sit under the table's head, outside its horizontal scroll.
  let message: ReactNode = null;
  if (query.isPending) {
    body = <SkeletonRows rows={Math.min(state.pageSize, 5)} columns={shown.length} actions={hasActions} />;
  } else if (query.isError) {
    const reason =
      isApiError(query.error) && query.error.statusCode !== 0
        ? query.error.message
        : t('components:table.networkError');
    message = (
      <MessagePanel>
        <ErrorState message={reason} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </MessagePanel>
    );
  } else if (!data?.results.length) {
    message = (
      <MessagePanel>
        {filtered ? (
          <EmptyState
            title={t('components:table.noResults')}
            text={t('components:table.noResultsText')}
            action={
              <Button variant="outlined" color="inherit" onClick={clearAll}>
                {t('components:table.clearFilters')}
              </Button>
            }
          />
        ) : (
          <EmptyState title={empty?.title ?? t('components:table.empty')} text={empty?.text} action={empty?.action} />
        )}
      </MessagePanel>
    );
  } else {
    body = data.results.map((row) => (
      <TableRow
        hover
        key={rowKey(row)}
        onClick={onRowClick ? (e) => rowClick(e, () => onRowClick(row)) : undefined}
        sx={onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {shown.map((c, i) => (
          <TableCell
            key={c.id}
            align={c.align}
            sx={{ ...(i === 0 && sticky('left')), ...(i === 0 && { fontWeight: 600 }) }}
          >
            {cellValue(c, row)}
          </TableCell>
        ))}
        {hasActions ? (
          <TableCell align="right" padding="checkbox" sx={{ ...sticky('right'), px: 0.5 }}>
            <RowActionsMenu actions={rowActions(row)} label={rowLabel?.(row)} />
          </TableCell>
        ) : null}
      </TableRow>
    ));
  }

  return (
    <Card>
      <TableToolbar
        search={searchable ? { value: state.search, onChange: onSearch, placeholder: t(searchPlaceholder) } : undefined}
        filters={filters}
        filterValues={state.filters}
        onFilter={(key, value) => update({ filters: { [key]: value } })}
        extra={toolbar}
        onExport={csv ? () => void exportCsv() : undefined}
        exporting={exporting}
      />
      <Box sx={{ position: 'relative' }}>
        {query.isFetching && !query.isPending ? (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />
        ) : null}
        {phone ? (
          <DataCards
            columns={columns}
            rows={query.isPending ? undefined : query.isError ? [] : (data?.results ?? [])}
            stale={query.isPlaceholderData}
            skeletons={Math.min(state.pageSize, 4)}
            cell={cellValue}
            state={state}
            update={update}
            t={t}
            rowKey={rowKey}
            rowActions={rowActions}
            rowLabel={rowLabel}
            onRowClick={onRowClick}
            ariaLabel={ariaLabel}
          />
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size="medium"
              aria-label={ariaLabel}
              aria-busy={query.isFetching}
              sx={{
                minWidth: compact ? 560 : 720,
                opacity: query.isPlaceholderData ? 0.6 : 1,
                transition: 'opacity .2s',
              }}
            >
              <TableHead>
                <TableRow>
                  {shown.map((c, i) => {
                    const active = !!c.sortKey && state.sort === c.sortKey;
                    return (
                      <TableCell
                        key={c.id}
                        align={c.align}
                        sortDirection={active ? state.order : false}
                        sx={{
                          width: c.width,
                          minWidth: c.minWidth,
                          whiteSpace: 'nowrap',
                          color: 'text.secondary',
                          fontWeight: 600,
                          bgcolor: 'background.neutral',
                          ...(i === 0 && sticky('left', true)),
                        }}
                      >
                        {c.sortKey ? (
                          <TableSortLabel
                            active={active}
                            direction={active ? state.order : 'asc'}
                            onClick={() => update(nextSort(state, c.sortKey as string))}
                          >
                            {t(c.header)}
                          </TableSortLabel>
                        ) : (
                          t(c.header)
                        )}
                      </TableCell>
                    );
                  })}
                  {hasActions ? (
                    <TableCell padding="checkbox" sx={{ bgcolor: 'background.neutral', ...sticky('right', true) }}>
                      <Box component="span" style={visuallyHidden}>
                        {t('components:table.actions')}
                      </Box>
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>{body}</TableBody>
            </Table>
          </TableContainer>
        )}
        {message}
      </Box>
      <TablePagination
        component="div"
        count={data?.count ?? 0}
        page={data && data.count > 0 ? Math.min(state.page, lastPage(data.count, state.pageSize)) - 1 : 0}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, page) => update({ page: page + 1 })}
        onRowsPerPageChange={(e) => update({ pageSize: Number(e.target.value) })}
        labelRowsPerPage={phone ? t('components:table.rowsPerPageShort') : t('components:table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          data ? t('components:table.displayedRows', { from, to, count }) : ''
        }
        getItemAriaLabel={(type) => t(`components:table.page.${type}`)}
        showFirstButton={!phone}
        showLastButton={!phone}
        sx={{
          borderTop: `1px solid ${theme.palette.divider}`,
          '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
        }}
      />
    </Card>
  );
}
