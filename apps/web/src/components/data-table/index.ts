export { useCsvExport } from './csv-export';
export { DataTable } from './data-table';
export { RowActionsMenu } from './row-actions-menu';
export { suspendedStatusFilter } from './status-filter';
export * from './table-state';
export { EmptyState } from './table-states';
export type * from './types';
export { listQueryKey, useListQuery } from './use-list-query';
export { type TablePatch, useTableState } from './use-table-state';
