/**
 * The point of sale's own session: its token lives under its own key ('pos.accessToken'), so that a
 * back-office session in the same browser is neither used nor disturbed. A 401 forgets the POS token
 * and tells the POS to show its sign-in (no page reload: nothing typed is lost).
 */
import { ApiError } from '../../../lib/api-client';
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

export interface PosRequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  params?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Send this token instead of the stored one (sign-in checks, sign-out of a refused account). */
  token?: string | null;
}

function url(path: string, params?: PosRequestOptions['params']): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Same-origin JSON call with the POS token; failures reject with an ApiError (status 0 = network). */
export async function posRequest<T>(path: string, options: PosRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, params, signal } = options;
  const token = options.token === undefined ? getPosToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url(path, params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: 'no-store',
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (response.status === 401 && token && options.token === undefined) {
    clearPosToken();
    for (const listener of expiredListeners) listener();
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}
