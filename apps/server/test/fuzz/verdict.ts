import type { LightMyRequestResponse } from 'fastify';

/**
 * Words of English error messages (Fastify's, zod's default locale, Node's) that French text does not use.
 * Quoted values (« … », "…") and the field name in parentheses are left out before looking.
 */
const ENGLISH =
  /\b(the|is|are|was|were|must|should|expected|received|required|unexpected|cannot|can't|not found|failed|unknown|unsupported|missing|invalid|error|too (big|small|long|large|many)|request|body|route|allowed|greater|less|than|please)\b/i;

/**
 * Messages the specification itself dictates word for word (docs/spec.md §5 « Validation rules »: the login's
 * password message is 'Password is required'; the web shows it as is).
 */
export const SPEC_MESSAGES = new Set(['Password is required']);

export function looksFrench(message: string): boolean {
  if (SPEC_MESSAGES.has(message.replace(/\s*\([^()]*\)\s*$/, ''))) return true;
  const text = message
    .replace(/«[^»]*»/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/\([^()]*\)\s*$/, ' ');
  return /\p{L}{2,}/u.test(text) && !ENGLISH.test(text);
}

/** Problems of one answer: a 5xx, a write accepted, or an error body without a clear French message. */
export function judge(res: LightMyRequestResponse, opts: { write: boolean; htmlPagesAllowed: boolean }): string | null {
  const status = res.statusCode;
  if (status >= 500) return `server error ${status}: ${res.body.slice(0, 300)}`;
  if (status < 400) return opts.write ? `accepted (${status}) a malformed write: ${res.body.slice(0, 200)}` : null;
  const type = String(res.headers['content-type'] ?? '');
  if (opts.htmlPagesAllowed && type.startsWith('text/html')) {
    return /<h1[^>]*>[^<]{3,}<\/h1>|<title>[^<]{3,}<\/title>/.test(res.body)
      ? null
      : `HTML refusal without a title: ${res.body.slice(0, 200)}`;
  }
  if (!type.startsWith('application/json')) return `error ${status} not JSON (${type}): ${res.body.slice(0, 200)}`;
  let body: { statusCode?: unknown; code?: unknown; message?: unknown; fields?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `error ${status} with an unreadable JSON body: ${res.body.slice(0, 200)}`;
  }
  if (body.statusCode !== status) return `error body says statusCode ${String(body.statusCode)} for ${status}`;
  if (typeof body.code !== 'string' || !body.code) return `error ${status} without a code: ${res.body.slice(0, 200)}`;
  if (typeof body.message !== 'string' || body.message.trim().length < 3)
    return `error ${status} without a message: ${res.body.slice(0, 200)}`;
  if (!looksFrench(body.message)) return `error ${status} message not French: ${body.message.slice(0, 200)}`;
  if (body.fields !== undefined) {
    if (typeof body.fields !== 'object' || body.fields === null)
      return `fields not an object: ${res.body.slice(0, 200)}`;
    for (const [k, v] of Object.entries(body.fields)) {
      if (typeof v !== 'string' || v.trim().length < 2)
        return `field ${k} without a message: ${res.body.slice(0, 200)}`;
      if (!looksFrench(v)) return `field ${k} message not French: ${v.slice(0, 200)}`;
    }
  }
  return null;
}
