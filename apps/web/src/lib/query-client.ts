import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retry only what may heal by itself: network errors and 5xx, twice. 4xx answers are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.statusCode === 0 || error.statusCode >= 500;
}

/**
 * The one query client of the signed-in area. It is provided by the dashboard layout (a lazy chunk),
 * so that react-query is not part of the login page's first load.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
