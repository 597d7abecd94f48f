import type { DataTableFilter } from './types';

/**
 * « Statut » : active or suspended, with its texts in `ns` (`<ns>:filters.status`, `<ns>:status.active`,
 * `<ns>:status.blocked`): the filter of every list whose records can be suspended.
 */
export const suspendedStatusFilter = (ns: string): DataTableFilter => ({
  key: 'status',
  label: `${ns}:filters.status`,
  allLabel: 'components:table.all_female',
  options: [
    { value: 'active', label: `${ns}:status.active` },
    { value: 'blocked', label: `${ns}:status.blocked` },
  ],
});
