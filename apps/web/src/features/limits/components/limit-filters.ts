import { useMemo } from 'react';
import type { DataTableFilter } from '../../../components/data-table';
import { useTirageChoices } from '../../../lib/choices';
import { GAME_CODES } from '../games';

/** The status filter of suspendable limits. */
const statusFilter: DataTableFilter = {
  key: 'status',
  label: 'limits:filters.status',
  allLabel: 'components:table.all_female',
  options: [
    { value: 'active', label: 'limits:status.active' },
    { value: 'blocked', label: 'limits:status.blocked' },
  ],
};

/** Filters game, draw (once the draws are read; dropped if they cannot be) and status. */
export function useLimitFilters(): DataTableFilter[] {
  const tirages = useTirageChoices();
  return useMemo(
    () => [
      {
        key: 'code',
        label: 'limits:filters.game',
        options: GAME_CODES.map((c) => ({ value: String(c), label: `limits:games.${c}` })),
      },
      ...(tirages.isError
        ? []
        : [
            {
              key: 'tirage_id',
              label: 'limits:filters.tirage',
              options: (tirages.data ?? []).map((c) => ({ value: String(c.id), text: c.name })),
            },
          ]),
      statusFilter,
    ],
    [tirages.isError, tirages.data],
  );
}
