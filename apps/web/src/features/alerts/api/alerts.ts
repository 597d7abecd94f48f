import type { alertListQuery } from '@borlette/shared/contracts/alerts';
import { type Alert, type AlertSettings, type AlertState, alertEndpoints } from '@borlette/shared/contracts/alerts';
import type { SortKey } from '@borlette/shared/contracts/list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every alerts query starts with this key: the list, the settings, and the top bar's count (shell). */
export const alertKeys = {
  all: ['alerts'] as const,
  list: ['alerts', 'list'] as const,
  settings: ['alerts', 'settings'] as const,
};
export type AlertSortKey = SortKey<typeof alertListQuery>;

export const alertSettingsQuery = queryOptions({
  queryKey: alertKeys.settings,
  queryFn: () => call(alertEndpoints.settings),
});
export const useAlertSettings = (enabled: boolean) => useQuery({ ...alertSettingsQuery, enabled });

/** A state change refreshes the list and the badge (same key prefix); the dialog shows its own errors. */
export function useSetAlertState() {
  const { t } = useTranslation('alerts');
  return useMutationWithToast({
    mutationFn: (v: { alert: Alert; state: AlertState; note?: string | null }) =>
      call(alertEndpoints.setState, { id: v.alert.id, state: v.state, note: v.note ?? null }),
    successMessage: (x) => t(`toast.${x.state}`),
    toastErrors: false,
    invalidate: [alertKeys.all],
  });
}

export function useSaveAlertSettings() {
  const { t } = useTranslation('alerts');
  return useMutationWithToast({
    mutationFn: (v: AlertSettings) => call(alertEndpoints.saveSettings, v),
    successMessage: () => t('toast.settings'),
    toastErrors: false,
    invalidate: [alertKeys.settings],
  });
}
