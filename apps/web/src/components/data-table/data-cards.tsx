import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { sortChoices } from './card-layout';
import { CardSort } from './card-sort';
import { RowActionsMenu } from './row-actions-menu';
import { CardList, type CardListColumn, CardSkeletons, RowCard } from './row-cards';
import { rowClick } from './row-click';
import type { TableState } from './table-state';
import type { DataTableColumn, DataTableProps } from './types';
import type { TablePatch } from './use-table-state';

interface DataCardsProps<T>
  extends Pick<DataTableProps<T>, 'rowKey' | 'rowActions' | 'rowLabel' | 'onRowClick' | 'ariaLabel'> {
  columns: DataTableColumn<T>[];
  /** undefined while the first page loads. */
  rows: T[] | undefined;
  /** The previous page stays, dimmed, while the next one loads. */
  stale: boolean;
  skeletons: number;
  cell: (column: DataTableColumn<T>, row: T) => ReactNode;
  state: TableState;
  update: (patch: TablePatch) => void;
  t: TFunction;
}

/** The DataTable on a phone: its sort as a select, then one card per row (roles: card-layout.ts). */
export function DataCards<T>(props: DataCardsProps<T>) {
  const { columns, rows, cell, t, state, update, rowActions, rowLabel, onRowClick } = props;
  const cardColumns: CardListColumn<T>[] = columns.map((c) => ({
    id: c.id,
    align: c.align,
    card: c.card,
    label: t(c.cardLabel ?? c.header),
    render: (row) => cell(c, row),
  }));
  const choices = sortChoices(columns).map((c) => ({ sortKey: c.sortKey, label: t(c.label) }));
  return (
    <>
      <CardSort choices={choices} sort={state.sort} order={state.order} onChange={(patch) => update(patch)} />
      <CardList label={props.ariaLabel} stale={props.stale}>
        {rows === undefined ? (
          <CardSkeletons count={props.skeletons} />
        ) : (
          rows.map((row) => (
            <RowCard
              key={props.rowKey(row)}
              row={row}
              columns={cardColumns}
              actions={rowActions ? <RowActionsMenu actions={rowActions(row)} label={rowLabel?.(row)} /> : undefined}
              onClick={onRowClick ? (e) => rowClick(e, () => onRowClick(row)) : undefined}
            />
          ))
        )}
      </CardList>
    </>
  );
}
