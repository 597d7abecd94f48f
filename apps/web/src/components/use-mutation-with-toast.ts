import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../lib/api-client';

export interface MutationToastOptions<TData, TVariables> extends UseMutationOptions<TData, Error, TVariables> {
  /** Success snackbar: a text, or built from the answer. Omit for none. */
  successMessage?: string | ((data: TData, variables: TVariables) => string);
  /** Error snackbar with the server's French message (default true). Forms turn it off: they show it inline. */
  toastErrors?: boolean;
  /** Query keys refreshed after success (e.g. [['surcussales']]). */
  invalidate?: QueryKey[];
}

/** The text of a failed call for a person: the server's French message, or a translated fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error))
    return error.statusCode === 0 || error.message === GENERIC_ERROR_MESSAGE ? fallback : error.message;
  return fallback;
}

/**
 * `useMutation` plus notistack snackbars and query invalidation.
 *
 *   const block = useMutationWithToast({
 *     mutationFn: (v: { id: number; blocked: boolean }) => call(surcussaleEndpoints.block, v),
 *     successMessage: (_, v) => t(v.blocked ? 'blocked' : 'unblocked'),
 *     invalidate: [['surcussales']],
 *   });
 *   block.mutate({ id, blocked: true });
 */
export function useMutationWithToast<TData = unknown, TVariables = void>({
  successMessage,
  toastErrors = true,
  invalidate,
  onSuccess,
  onError,
  ...options
}: MutationToastOptions<TData, TVariables>) {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const { t } = useTranslation('components');
  return useMutation<TData, Error, TVariables>({
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      if (successMessage) {
        const text = typeof successMessage === 'function' ? successMessage(data, variables) : successMessage;
        enqueueSnackbar(text, { variant: 'success' });
      }
      if (invalidate?.length) await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
      await onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: (error, variables, onMutateResult, context) => {
      if (toastErrors) enqueueSnackbar(errorMessage(error, t('toast.failed')), { variant: 'error' });
      return onError?.(error, variables, onMutateResult, context);
    },
  });
}
