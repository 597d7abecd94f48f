/**
 * The point of sale's own session: its token lives under its own key ('pos.accessToken'), so that a
 * back-office session in the same browser is neither used nor disturbed. A 401 forgets the POS token
 * and tells the POS to show its sign-in (no page reload: nothing typed is lost).
 */
import type { Endpoint, EndpointInput, EndpointOutput } from '@borlette/shared/endpoint';
import { call, type DownloadedFile, download, request, type TokenSource } from '../../../lib/api-client';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../../../lib/storage';

export const POS_STORAGE = {
  token: STORAGE_KEYS.posToken,
  /** The draft ticket (lines, draws, pending sale key) of the signed-in agent. */
  draft: 'pos.draft',
  /** sessionStorage: the bet being typed (not yet a line). */
  input: 'pos.input',
} as const;

export function getPosToken(): string | null {
  return readItem(POS_STORAGE.token);
}

export function setPosToken(token: string): void {
  writeItem(POS_STORAGE.token, token);
}

export function clearPosToken(): void {
  removeItem(POS_STORAGE.token);
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** Called when the server refuses the POS token (expired, revoked, agent blocked). */
export function onPosSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** The POS token: a 401 to it forgets it and tells the POS (no reload: nothing typed is lost). */
const POS_TOKENS: TokenSource = {
  token: getPosToken,
  refused: () => {
    clearPosToken();
    for (const listener of expiredListeners) listener();
  },
};

export interface PosCallOptions {
  signal?: AbortSignal;
  /** Send this token instead of the stored one (sign-in checks, sign-out of a refused account): a 401 to it forgets nothing. */
  token?: string | null;
}

/** Same-origin JSON, never from the browser's cache; failures reject with an ApiError (status 0 = network). */
function posOptions({ signal, token }: PosCallOptions) {
  const tokens: TokenSource = token === undefined ? POS_TOKENS : { token: () => token, refused: () => undefined };
  return { signal, auth: token !== null, tokens, cache: 'no-store' as const };
}

/** Calls an endpoint with the POS token (api-client.ts `call`). */
export function posCall<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: PosCallOptions = {},
): Promise<EndpointOutput<E>> {
  return call(endpoint, input, posOptions(options));
}

/** Downloads a file an endpoint answers (a receipt PDF, ESC/POS bytes) with the POS token. */
export function posDownload<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: PosCallOptions = {},
): Promise<DownloadedFile> {
  return download(endpoint, input, posOptions(options));
}

export interface PosRequestOptions extends PosCallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** A call by path, for the session's endpoints (sign-in, current agent, sign-out, password). */
export function posRequest<T>(path: string, options: PosRequestOptions = {}): Promise<T> {
  const { method = 'GET', body } = options;
  return request<T>(path, { method, body, ...posOptions(options) });
}
