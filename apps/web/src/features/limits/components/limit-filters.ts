import { useMemo } from 'react';
import { type DataTableFilter, suspendedStatusFilter } from '../../../components/data-table';
import { useTirageChoices } from '../../../lib/choices';
import { GAME_CODES } from '../games';

const statusFilter = suspendedStatusFilter('limits');

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
