import type { Endpoint, EndpointInput, EndpointOutput } from '@borlette/shared/endpoint';
import type { ErrorCode } from '@borlette/shared/error-codes';
import { ROLE_PREFIX, type Role } from '@borlette/shared/permissions';
import { clearStoredSession, getStoredSession } from './storage';

/** docs/spec.md §8: the message of a failed call when the server gave no usable body. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/**
 * A failed call. It carries the fields of the server's error body (`statusCode`, `code`, French
 * `message`, `fields`) so that callers can read it exactly as the body itself (docs/spec.md §8: "rejection
 * with the server response body, or 'Something went wrong'").
 */
/**
 * The code of a failed call: the server's (packages/shared error-codes.ts; Fastify's own before
 * routing), or ours when no body came back.
 */
export type ApiErrorCode = ErrorCode | `FST_ERR_${string}` | `HTTP_${number}` | 'NETWORK_ERROR';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly fields?: Record<string, string>;
  readonly body: unknown;

  constructor(statusCode: number, body: unknown) {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    super(typeof b.message === 'string' && b.message ? b.message : GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code =
      typeof b.code === 'string' ? (b.code as ApiErrorCode) : statusCode ? `HTTP_${statusCode}` : 'NETWORK_ERROR';
    this.fields = b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string>) : undefined;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the session layer react (reset to "unauthenticated") before the page reloads. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let reloading = false;

/** docs/spec.md §4: on a 401 the token is dropped, the session reset and the page reloaded. */
function handleUnauthorized(): void {
  clearStoredSession();
  for (const listener of unauthorizedListeners) listener();
  if (!reloading) {
    reloading = true;
    window.location.reload();
  }
}

/**
 * Where a call's token comes from, and what a 401 to that token does. The back office's session by
 * default; the point of sale has its own (features/pos/api/pos-client.ts).
 */
export interface TokenSource {
  token(): string | null;
  /** The server refused the token the call sent. */
  refused(): void;
}

const SESSION_TOKENS: TokenSource = {
  token: () => getStoredSession()?.token ?? null,
  refused: handleUnauthorized,
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart calls. */
  body?: unknown;
  /** Query parameters; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Send the stored token (default true). The login call sends none. */
  auth?: boolean;
  /** Where the token comes from (default: the back office's session). */
  tokens?: TokenSource;
  /** The fetch's cache mode (default: the browser's). */
  cache?: RequestCache;
  signal?: AbortSignal;
}

function buildUrl(path: string, params?: RequestOptions['params']): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Same-origin fetch wrapper: base '' (the server serves both the API and this app). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, params, auth = true, tokens = SESSION_TOKENS, cache, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? tokens.token() : null;
  if (token) headers.Authorization = `Token ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      method,
      headers,
      body: payload,
      signal,
      ...(cache ? { cache } : {}),
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }

  const data = await readBody(response);
  if (response.status === 401 && token) {
    tokens.refused();
    throw new ApiError(401, data);
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}

/** `filename` of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins over `filename="…"`). */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const raw = star[1].trim().replace(/^"(.*)"$/, '$1');
    const value = raw.replace(/^[\w-]+'[^']*'/, ''); // charset'lang'
    try {
      const decoded = decodeURIComponent(value);
      if (decoded) return sanitizeFilename(decoded);
    } catch {
      // malformed percent-encoding: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  return value ? sanitizeFilename(value) : null;
}

function sanitizeFilename(name: string): string {
  return name.replace(/[/\\]/g, '_').trim();
}

export interface DownloadedFile {
  blob: Blob;
  /** From the server's Content-Disposition, if any. */
  filename: string | null;
}

/**
 * GET a file (CSV export...) with the same token and the same error handling as `request`: a 401
 * resets the session, a failure rejects with an ApiError carrying the server's JSON body.
 */
export async function requestFile(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<DownloadedFile> {
  const { params, auth = true, tokens = SESSION_TOKENS, cache, signal } = options;
  const headers: Record<string, string> = {};
  const token = auth ? tokens.token() : null;
  if (token) headers.Authorization = `Token ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), { headers, signal, ...(cache ? { cache } : {}) });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const data = await readBody(response);
    if (response.status === 401 && token) tokens.refused();
    throw new ApiError(response.status, data);
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

type Params = NonNullable<RequestOptions['params']>;

/**
 * The URL and the body of a call: `:name` path segments are filled from the input (and leave it); a GET
 * (and a DELETE without body) sends the rest as its query, a write as its JSON body (or a FormData).
 */
function callTarget(e: Endpoint, input: unknown): { path: string; params?: Params; body?: unknown } {
  const rest: Record<string, unknown> =
    input && typeof input === 'object' && !(input instanceof FormData) ? { ...(input as object) } : {};
  const path = e.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  if (e.method === 'GET' || (e.method === 'DELETE' && !e.body)) return { path, params: rest as Params };
  return { path, body: input instanceof FormData ? input : rest };
}

/**
 * Calls an endpoint declared in packages/shared: its method and path come from the declaration, the
 * input and the answer are typed by its schemas. `options.auth: false` for the sign-in.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E> | FormData,
  options: Pick<RequestOptions, 'auth' | 'signal' | 'tokens' | 'cache'> = {},
): Promise<EndpointOutput<E>> {
  const { path, params, body } = callTarget(endpoint, input);
  return request<EndpointOutput<E>>(path, { ...options, method: endpoint.method, params, body });
}

/** Downloads what an endpoint answers as a file (a CSV export: `{ ...filters, format: 'csv' }`, a PDF). */
export function download<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: Pick<RequestOptions, 'auth' | 'signal' | 'tokens' | 'cache'> = {},
): Promise<DownloadedFile> {
  const { path, params } = callTarget(endpoint, input);
  return requestFile(path, { ...options, params });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
  file: requestFile,
};

/** The API prefix of a role (docs/spec.md §7), e.g. `/api/generals` for the superuser. */
export function rolePrefix(role: string): string | null {
  return Object.hasOwn(ROLE_PREFIX, role) ? ROLE_PREFIX[role as Role] : null;
}
