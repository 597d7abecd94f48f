/** The agents' API (contracts/pos.ts) with TanStack Query. */
import { accountEndpoints, type OwnPasswordAnswer } from '@borlette/shared/contracts/account';
import {
  authEndpoints,
  type CurrentUser,
  type LoginRequest,
  type LoginResponse,
} from '@borlette/shared/contracts/auth';
import { posEndpoints } from '@borlette/shared/contracts/pos';
import type { PosConfig } from '@borlette/shared/contracts/sale';
import { sessionEndpoints } from '@borlette/shared/contracts/session';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { posCall, posRequest } from './pos-client';

/** What the receipt proves (issue 15): its QR's secret, or its number and printed verification code. */
export type PayProof = { ref: string } | { number: number; code: string };

export const posKeys = {
  all: ['pos'] as const,
  config: ['pos', 'config'] as const,
  fiches: (page: number) => ['pos', 'fiches', page] as const,
  fiche: (proof: PayProof) => ['pos', 'fiche', proof] as const,
  report: (date: string) => ['pos', 'report', date] as const,
  closing: (date: string) => ['pos', 'closing', date] as const,
  messages: ['pos', 'messages'] as const,
};

/* ---- session ---- */

/** The sign-in, sent without any token (with the POS's own client: its token is not the back office's). */
export function posLogin(body: LoginRequest): Promise<LoginResponse> {
  return posRequest<LoginResponse>(authEndpoints.login.path, { method: 'POST', body, token: null });
}

/** The signed-in agent (403 for any other role). */
export function posMe(token?: string, signal?: AbortSignal): Promise<CurrentUser> {
  return posRequest<CurrentUser>(sessionEndpoints.agent.path, { token, signal });
}

/** The sign-out with a given token (the POS one, or a refused non-agent one). */
export function posLogout(token: string): Promise<unknown> {
  return posRequest(authEndpoints.logout.path, { method: 'POST', body: {}, token });
}

/**
 * The agent's own password. The server signs out its other sessions
 * and keeps this one (the stored token stays valid).
 */
export function posChangePassword(body: { current_password: string; new_password: string }) {
  return posRequest<OwnPasswordAnswer>(accountEndpoints.agentPassword.path, { method: 'POST', body });
}

/* ---- reads ---- */

export const CONFIG_REFRESH_MS = 30_000;

export interface PosConfigAnswer extends PosConfig {
  /** Device clock when the answer arrived (to count down on the server's clock). */
  receivedAt: number;
}

export const configQuery = queryOptions({
  queryKey: posKeys.config,
  queryFn: async ({ signal }): Promise<PosConfigAnswer> => {
    const config = await posCall(posEndpoints.config, undefined, { signal });
    return { ...config, receivedAt: Date.now() };
  },
  refetchInterval: CONFIG_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
  staleTime: 5_000,
});

export function usePosConfig() {
  return useQuery(configQuery);
}

export const FICHES_PAGE_SIZE = 25;

export function useTodayFiches(page: number) {
  return useQuery({
    queryKey: posKeys.fiches(page),
    queryFn: ({ signal }) => posCall(posEndpoints.fiches, { page, page_size: FICHES_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

export function getFicheByProof(proof: PayProof, signal?: AbortSignal) {
  return posCall(posEndpoints.fiche, { ...proof }, { signal });
}

export function getFicheById(id: number, signal?: AbortSignal) {
  return posCall(posEndpoints.fiche, { id }, { signal });
}

/** The ticket the receipt's proof designates (none: nothing is asked). */
export function useFicheByProof(proof: PayProof | null) {
  return useQuery({
    queryKey: posKeys.fiche(proof ?? { ref: '' }),
    queryFn: ({ signal }) => getFicheByProof(proof as PayProof, signal),
    enabled: proof !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useDayReport(date: string) {
  return useQuery({
    queryKey: posKeys.report(date),
    queryFn: ({ signal }) => posCall(posEndpoints.report, { date }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * The day closing (Z report) of a business day. `enabled` once the company's today is known (a device
 * ahead of the company's zone would otherwise ask for « tomorrow » first, which the server refuses).
 */
export function useClosing(date: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: posKeys.closing(date),
    queryFn: ({ signal }) => posCall(posEndpoints.closing, { date }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function usePosMessages() {
  return useQuery({
    queryKey: posKeys.messages,
    queryFn: ({ signal }) => posCall(posEndpoints.messages, undefined, { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/* ---- writes ---- */

/**
 * Refreshes what a sale, a copy, a cancellation or a payment changes: the tickets, the report, the
 * day closing (a sale left it stale when the sale kept its own list) and the config's counters.
 */
export function refreshAfterWrite(client: QueryClient) {
  void client.invalidateQueries({ queryKey: ['pos', 'fiches'] });
  void client.invalidateQueries({ queryKey: ['pos', 'report'] });
  void client.invalidateQueries({ queryKey: ['pos', 'closing'] });
  void client.invalidateQueries({ queryKey: posKeys.config });
}

function useRefreshAfterWrite() {
  const client = useQueryClient();
  return () => refreshAfterWrite(client);
}

export function useCancelFiche() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: number) => posCall(posEndpoints.cancel, { id }),
    onSettled: refresh,
  });
}

export function useReprintFiche() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: number) => posCall(posEndpoints.reprint, { id }),
    onSuccess: refresh,
  });
}

export function usePayFiche() {
  const client = useQueryClient();
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (proof: PayProof) => posCall(posEndpoints.pay, { ...proof }),
    onSettled: (_data, _error, proof) => {
      refresh();
      void client.invalidateQueries({ queryKey: posKeys.fiche(proof) });
    },
  });
}
