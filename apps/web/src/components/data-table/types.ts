import type { Endpoint } from '@borlette/shared/endpoint';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListParams, SortOrder } from './table-state';

/**
 * Labels inside these data structures are i18n keys with their namespace ('surcussales:columns.name'),
 * so that columns and filters can be module-level constants; the table translates them.
 */
/** `K`: the list's sort keys (`SortKey<typeof xListQuery>`, an enum of the contract). */
export interface DataTableColumn<T, K extends string = string> {
  /** Unique id of the column. */
  id: string;
  /** i18n key of the header, e.g. 'surcussales:columns.name'. */
  header: string;
  /** The cell; defaults to `String(row[id] ?? '—')`. */
  render?: (row: T) => ReactNode;
  /** Server sort key (one of the endpoint's `sortKeys`); the header becomes clickable. */
  sortKey?: K;
  align?: 'left' | 'right' | 'center';
  /** CSS width / min width of the column. */
  width?: number | string;
  minWidth?: number | string;
  /**
   * A secondary column. Phones show every column, on cards (issue 16: hiding them hid the amounts);
   * tablets scroll the table sideways with the first column and the row menu kept in view.
   */
  hideOnPhone?: boolean;
  /**
   * Its place on a phone's card (below `sm` every list is a list of cards). Default (`cardRole`): the
   * first column is the title, a `status`/`state` column the status, a right-aligned one an amount,
   * the others label–value fields.
   */
  card?: CardRole;
  /** i18n key of a shorter label on cards (default: the header). */
  cardLabel?: string;
}

/**
 * title: the card's heading · subtitle: a line under it, unlabelled (a date, a seller) ·
 * status: a chip at the heading's right · amount: a labelled figure in large type ·
 * field: a labelled value in small type · wide: a field on a line of its own (a note, changes) ·
 * hidden: not on the card.
 */
export type CardRole = 'title' | 'subtitle' | 'status' | 'amount' | 'field' | 'wide' | 'hidden';

export interface DataTableFilterOption {
  value: string;
  /** i18n key, or `text` for a label that is data (a city name...). */
  label?: string;
  text?: string;
}

/** A select filter in the toolbar; its value lives in the URL param `key`. */
export interface DataTableFilter {
  key: string;
  /** i18n key of the select's label. */
  label: string;
  options: DataTableFilterOption[];
  /** i18n key of the "no filter" entry (default 'components:table.all'). */
  allLabel?: string;
}

export interface RowAction {
  key: string;
  /** i18n key of the menu entry. */
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  /** 'error' for destructive actions (red). */
  color?: 'error' | 'warning';
  disabled?: boolean;
}

export interface DataTableEmpty {
  /** Shown when the list is empty without search or filter. */
  title?: ReactNode;
  text?: ReactNode;
  /** A call to action, e.g. a "Nouvelle succursale" button. */
  action?: ReactNode;
}

export interface DataTableProps<T> {
  /** The feature's query key (invalidate it after a write to refresh the table). */
  queryKey: QueryKey;
  /** The list endpoint's declaration (packages/shared), e.g. `surcussaleEndpoints.list`. */
  endpoint: Endpoint;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Row menu (edit, block, delete...); an empty array shows no menu for that row. */
  rowActions?: (row: T) => RowAction[];
  /**
   * A click on the row (outside its buttons, links and menu) opens it, e.g. a details drawer. Give the
   * row a keyboard way too (a button in a cell): the row itself is not focusable.
   */
  onRowClick?: (row: T) => void;
  /** Accessible name of a row's menu button (defaults to 'Actions'). */
  rowLabel?: (row: T) => string;
  filters?: DataTableFilter[];
  /** Anything else for the toolbar (a date range...); use `params` to send its value. */
  toolbar?: ReactNode;
  /** Fixed extra query params (not kept in the URL by the table). */
  params?: ListParams;
  searchable?: boolean;
  /** i18n key of the search placeholder (default 'components:table.search'). */
  searchPlaceholder?: string;
  /** Shows the CSV export button (same endpoint, `format=csv`). */
  csv?: boolean;
  /** Filename when the server sends none (default 'export.csv'). */
  csvFilename?: string;
  defaultSort?: string;
  defaultOrder?: SortOrder;
  defaultPageSize?: number;
  /** Prefix of the URL params, for two tables on one page. */
  paramPrefix?: string;
  empty?: DataTableEmpty;
  /** Accessible name of the table. */
  ariaLabel?: string;
}
