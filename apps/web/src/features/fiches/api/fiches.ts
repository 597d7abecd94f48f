import { type FicheAction, type FicheDetail, ficheEndpoints } from '@borlette/shared/contracts/fiches';
import type { SortKey } from '@borlette/shared/contracts/list';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';
import type { FicheKind } from '../lib/fiche-filters';

/** Every query of the feature starts with this key: invalidating it refreshes lists, totals and details. */
export const FICHES_KEY = ['fiches'] as const;

/** The four lists (routes.ts: list-fiches, -gagnants, -payant, -supprimer). */
export const FICHE_LISTS = {
  sold: { endpoint: ficheEndpoints.sold, title: 'nav:fiches', csvFilename: 'fiches-vendues.csv' },
  winning: { endpoint: ficheEndpoints.winning, title: 'nav:fiches_gagnants', csvFilename: 'fiches-gagnantes.csv' },
  paid: { endpoint: ficheEndpoints.paid, title: 'nav:fiches_payant', csvFilename: 'fiches-payees.csv' },
  deleted: { endpoint: ficheEndpoints.deleted, title: 'nav:fiches_supprimer', csvFilename: 'fiches-supprimees.csv' },
} satisfies Record<FicheKind, { endpoint: unknown; title: string; csvFilename: string }>;

/** A sort key of the ticket lists (the contract's enum). */
export type FicheSortKey = SortKey<typeof ficheEndpoints.sold.query>;

/** The list's default order per kind: newest sale, newest payment, newest deletion. */
export const DEFAULT_SORT: Record<FicheKind, FicheSortKey> = {
  sold: 'sold_at',
  winning: 'sold_at',
  paid: 'paid_at',
  deleted: 'status_at',
};

export const ficheQuery = (id: number) =>
  queryOptions({
    queryKey: [...FICHES_KEY, 'detail', id],
    // `?id=` answers the ticket with its events (never a page).
    queryFn: async ({ signal }) => (await call(ficheEndpoints.sold, { id }, { signal })) as FicheDetail,
  });

/** A ticket that is not there (or not this user's to see) is not asked again. */
export function useFiche(id: number | null) {
  return useQuery({
    ...ficheQuery(id ?? 0),
    enabled: id !== null,
    retry: (count, error) => !(isApiError(error) && [403, 404].includes(error.statusCode)) && count < 2,
  });
}

/**
 * PUT /api/companies/fiche {id, action, reason}. The caller shows the server's French refusal (too
 * late, limits no longer allow…); on success every list, its totals and the detail are refreshed.
 */
export function useFicheAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FicheAction) => call(ficheEndpoints.action, body),
    onSuccess: () => client.invalidateQueries({ queryKey: FICHES_KEY }),
  });
}

/** POST /api/companies/fiches/pay {number}: the office pays a winning ticket by number (pay_fiche). */
export function usePayAtOffice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => call(ficheEndpoints.payAtOffice, { number }),
    onSettled: () => client.invalidateQueries({ queryKey: FICHES_KEY }),
  });
}
