import type { FicheAction, FicheDetail, FichePage, FicheView } from '@borlette/shared/contracts/fiches';
import type { Codename } from '@borlette/shared/permissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { FicheKind } from '../lib/fiche-filters';

/** Every query of the feature starts with this key: invalidating it refreshes lists, totals and details. */
export const FICHES_KEY = ['fiches'] as const;
const BASE = '/api/companies/fiche';

export interface FicheListDef {
  url: string;
  /** i18n key of the page title (namespace "nav"). */
  title: string;
  permission: Codename;
  csvFilename: string;
}

/** The four lists (routes.ts: list-fiches, -gagnants, -payant, -supprimer). */
export const FICHE_LISTS: Record<FicheKind, FicheListDef> = {
  sold: { url: BASE, title: 'nav:fiches', permission: 'view_fichevente', csvFilename: 'fiches-vendues.csv' },
  winning: {
    url: '/api/companies/fiche-gagnants',
    title: 'nav:fiches_gagnants',
    permission: 'view_fiche_win',
    csvFilename: 'fiches-gagnantes.csv',
  },
  paid: {
    url: '/api/companies/fiche-payants',
    title: 'nav:fiches_payant',
    permission: 'view_fiche_win',
    csvFilename: 'fiches-payees.csv',
  },
  deleted: {
    url: '/api/companies/fiche-supp',
    title: 'nav:fiches_supprimer',
    permission: 'view_fiche_delete',
    csvFilename: 'fiches-supprimees.csv',
  },
};

/** Sort keys the list endpoints accept (server whitelist). */
export const FICHE_SORTS = {
  number: 'number',
  soldAt: 'sold_at',
  agent: 'agent',
  amount: 'amount',
  win: 'win_amount',
  paidAt: 'paid_at',
  statusAt: 'status_at',
} as const;

/** The list's default order per kind: newest sale, newest payment, newest deletion. */
export const DEFAULT_SORT: Record<FicheKind, string> = {
  sold: FICHE_SORTS.soldAt,
  winning: FICHE_SORTS.soldAt,
  paid: FICHE_SORTS.paidAt,
  deleted: FICHE_SORTS.statusAt,
};

export type { FichePage };

export const ficheQuery = (id: number) =>
  queryOptions({
    queryKey: [...FICHES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<FicheDetail>(BASE, { params: { id }, signal }),
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
  return useMutation<FicheView, Error, FicheAction>({
    mutationFn: (body) => api.put<FicheView>(BASE, body),
    onSuccess: () => client.invalidateQueries({ queryKey: FICHES_KEY }),
  });
}

/** POST /api/companies/fiches/pay {number}: the office pays a winning ticket by number (pay_fiche). */
export function usePayAtOffice() {
  const client = useQueryClient();
  return useMutation<FicheView, Error, number>({
    mutationFn: (number) => api.post<FicheView>('/api/companies/fiches/pay', { number }),
    onSettled: () => client.invalidateQueries({ queryKey: FICHES_KEY }),
  });
}
