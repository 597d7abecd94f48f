import { type FetchRequest, ProviderError } from './types';

/** A source that does not answer within this time is given up (the poller asks again later). */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** A body past this size is refused: a broken or hostile source cannot fill the server's memory. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
/** What the fetch log and the audit keep of a body. */
export const EXCERPT_CHARS = 2_000;

export interface GetOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface Got {
  status: number;
  text: string;
  excerpt: string;
}

/** Reads a body chunk by chunk and stops (cancelling the stream) past `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(response.status, maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(response.status, maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(status: number, maxBytes: number) {
  return new ProviderError(`Réponse trop grande (plus de ${Math.round(maxBytes / 1024)} Ko)`, status);
}

/**
 * One GET through the request's client, bounded in time (timeout and the caller's signal) and size.
 * An answer ≥ 400, a timeout or a network failure throws ProviderError with what is known.
 */
export async function getText(request: FetchRequest, url: string, options: GetOptions = {}): Promise<Got> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  let response: Response;
  try {
    response = await request.fetch(url, { headers: options.headers, signal, redirect: 'follow' });
  } catch (error) {
    throw transportError(error, timeout, null);
  }
  let text: string;
  try {
    text = await readCapped(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw transportError(error, timeout, response.status);
  }
  const excerpt = text.slice(0, EXCERPT_CHARS);
  if (response.status >= 400)
    throw new ProviderError(`La source a répondu HTTP ${response.status}`, response.status, excerpt);
  return { status: response.status, text, excerpt };
}

function transportError(error: unknown, timeout: AbortSignal, status: number | null): ProviderError {
  if (timeout.aborted) return new ProviderError('La source n’a pas répondu à temps', status);
  const cause =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new ProviderError(`Source injoignable : ${cause}`.slice(0, 300), status);
}

/** Parses a JSON body, or throws ProviderError (the source answered something that is not its format). */
export function parseJson(got: Got): unknown {
  try {
    return JSON.parse(got.text);
  } catch {
    throw new ProviderError('Réponse illisible : ce n’est pas du JSON', got.status, got.excerpt);
  }
}

/** `base` + `path`, whatever slash the setting ends with ('sandbox:' gives 'sandbox:/path'). */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
