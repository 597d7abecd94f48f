import { type Tirage, type TirageMode, tirageEndpoints, type tirageInput } from '@borlette/shared/contracts/tirages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { TIRAGES_KEY } from '../../../lib/query-keys';

export type TirageValues = z.output<typeof tirageInput>;

/** Screens of the feature (DASHBOARD_SCREENS). */
export const TIRAGE_PATHS = {
  list: '/dashboard/tirage/list',
  new: '/dashboard/tirage/new',
  edit: (id: number) => `/dashboard/tirage/${id}/edit`,
} as const;

export const tirageQuery = (id: number) =>
  queryOptions({
    queryKey: [...TIRAGES_KEY, 'detail', id],
    queryFn: ({ signal }) => call(tirageEndpoints.get, { id }, { signal }),
  });

export function useTirage(id: number | null) {
  return useQuery({ ...tirageQuery(id ?? 0), enabled: id !== null });
}

/* ---- Writes ---- */

const invalidate = [TIRAGES_KEY];

/** The record as PUT wants it (every field), e.g. to change only its mode. */
export const tirageBody = (t: Tirage) => ({
  id: t.id,
  name: t.name,
  source_id: t.source_id,
  days: t.days,
  open_time: t.open_time,
  close_time: t.close_time,
  mode: t.mode,
});

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateTirage() {
  const { t } = useTranslation('tirages');
  return useMutationWithToast({
    mutationFn: (values: TirageValues) => call(tirageEndpoints.create, values),
    successMessage: (r) => t('toast.created', { name: r.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateTirage() {
  const { t } = useTranslation('tirages');
  return useMutationWithToast({
    mutationFn: (values: TirageValues & { id: number }) => call(tirageEndpoints.update, values),
    successMessage: (r) => t('toast.updated', { name: r.name }),
    toastErrors: false,
    invalidate,
  });
}

/** Force open, force closed, or back to the schedule: the whole record with another mode. */
export function useSetTirageMode() {
  const { t } = useTranslation('tirages');
  return useMutationWithToast({
    mutationFn: ({ tirage, mode }: { tirage: Tirage; mode: TirageMode }) =>
      call(tirageEndpoints.update, { ...tirageBody(tirage), mode }),
    successMessage: (r) => t(`toast.mode.${r.mode}`, { name: r.name }),
    invalidate,
  });
}

export function useBlockTirage() {
  const { t } = useTranslation('tirages');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(tirageEndpoints.block, v),
    successMessage: (r, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: r.name }),
    invalidate,
  });
}

/** Refused (409, French message) once the draw has tickets or results: the page shows why. */
export function useDeleteTirage() {
  const { t } = useTranslation('tirages');
  return useMutationWithToast({
    mutationFn: (r: Pick<Tirage, 'id' | 'name'>) => call(tirageEndpoints.remove, { id: r.id }),
    successMessage: (_, r) => t('toast.deleted', { name: r.name }),
    toastErrors: false,
    invalidate,
  });
}
