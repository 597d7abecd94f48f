import {
  resultProvidersEndpoints as api,
  type CalendarEntryView,
  type CalendarUpdate,
  type ProviderUpdate,
  type ResultProvider,
} from '@borlette/shared/contracts/result-providers';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export const resultProvidersKeys = {
  all: ['result-providers'] as const,
  list: ['result-providers', 'list'] as const,
  calendar: ['result-providers', 'calendar'] as const,
};

export const providersQuery = queryOptions({
  queryKey: resultProvidersKeys.list,
  queryFn: ({ signal }) => call(api.list, undefined, { signal }),
});

export const calendarQuery = queryOptions({
  queryKey: resultProvidersKeys.calendar,
  queryFn: ({ signal }) => call(api.calendar, undefined, { signal }),
});

/** The edit dialog shows its errors on its fields: no error snackbar. */
export function useUpdateProvider() {
  const { t } = useTranslation('resultProviders');
  return useMutationWithToast({
    mutationFn: (v: ProviderUpdate & { code: string }) => call(api.update, v),
    successMessage: (p: ResultProvider) => t('toast.saved', { name: p.name }),
    toastErrors: false,
    invalidate: [resultProvidersKeys.list],
  });
}

/** « Tester »: nothing is written, so nothing to refresh; the dialog shows the answer. */
export function useTestProvider() {
  return useMutation({
    mutationFn: (v: { code: string; date?: string; base_url?: string }) => call(api.test, v),
  });
}

export function useUpdateCalendar() {
  const { t } = useTranslation('resultProviders');
  return useMutationWithToast({
    mutationFn: (v: CalendarUpdate & { source_id: number }) => call(api.updateCalendar, v),
    successMessage: (e: CalendarEntryView) => t('toast.calendarSaved', { name: e.name }),
    toastErrors: false,
    invalidate: [resultProvidersKeys.calendar],
  });
}

export function useAddHoliday() {
  const { t } = useTranslation('resultProviders');
  return useMutationWithToast({
    mutationFn: (v: { source_id: number; day: string; reason?: string }) => call(api.addHoliday, v),
    successMessage: () => t('toast.holidayAdded'),
    toastErrors: false,
    invalidate: [resultProvidersKeys.calendar],
  });
}

export function useRemoveHoliday() {
  const { t } = useTranslation('resultProviders');
  return useMutationWithToast({
    mutationFn: (v: { source_id: number; day: string }) => call(api.removeHoliday, v),
    successMessage: () => t('toast.holidayRemoved'),
    invalidate: [resultProvidersKeys.calendar],
  });
}
