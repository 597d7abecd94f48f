import type { z } from 'zod';
import { errorBody } from './contracts/common';
import type { Codename, Role } from './permissions';

/**
 * One API endpoint, declared once: its method, path, who may call it, what it takes and what it
 * answers. The server registers its route from it (apps/server/src/http/route.ts), the web calls it
 * through it (`call(endpoint, input)` in apps/web/src/lib/api-client.ts) and checks the permission it
 * names (`useCan(endpoint)`), so a path or a codename is never typed twice. docs/conventions.md.
 */

/**
 * Who may call an endpoint. Every /api route has one (the server refuses to register a route
 * without it):
 * - `public`: anyone, signed in or not;
 * - otherwise a signed-in user of one of `roles`, holding `permission` (null = no permission needed).
 */
export type Access =
  | { public: true }
  | {
      public?: false;
      roles: readonly Role[];
      /** One codename, or several of which the user must hold at least one (the handler refines). */
      permission: Codename | readonly Codename[] | null;
      /**
       * Platform staff (the superuser role) must also hold at least one of these: a route open to every
       * user of a company (its own data, scoped) is not thereby open to staff acting on that company.
       */
      staffPermission?: readonly Codename[];
    };

/** Company data: the company, its supervisors, and the superuser acting on a selected company. */
export const COMPANY_ROLES: readonly Role[] = ['company', 'supervisor', 'superuser'];

/** The ways an endpoint's access is written (codenames keep their literal types for `useCan`). */
export const allow = {
  public: () => ({ public: true }) as const,
  /** Signed in with one of these roles; no particular permission. */
  signedIn: (roles: readonly Role[]) => ({ roles, permission: null }),
  /** Signed in with one of these roles AND holding the permission. */
  permission: <const C extends Codename>(permission: C, roles: readonly Role[] = COMPANY_ROLES) => ({
    roles,
    permission,
  }),
  /** Signed in with one of these roles AND holding at least one of the codenames (the handler refines). */
  anyOf: <const C extends readonly Codename[]>(permissions: C, roles: readonly Role[] = COMPANY_ROLES) => ({
    roles,
    permission: permissions,
  }),
  /**
   * Any user of the company, no codename (the pickers: scoped like every read); platform staff acting
   * on the company must hold one of `staff` (the codename of the list's own page).
   */
  companyUsersAndStaffWith: (staff: readonly Codename[]) => ({
    roles: COMPANY_ROLES,
    permission: null,
    staffPermission: staff,
  }),
} satisfies Record<string, (...args: never[]) => Access>;

/** The codenames an endpoint's access names (one, or the several of an `anyOf`). */
export type CodenameOf<E extends { access: Access }> = E['access'] extends { permission: infer P }
  ? P extends readonly (infer C)[]
    ? C
    : Exclude<P, null>
  : never;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error answers most endpoints document (the body of every 4xx is `errorBody`). */
export const STANDARD_ERRORS = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export interface Endpoint {
  method: HttpMethod;
  /** `/api/...`; `:name` segments are path parameters (declared in `params`). */
  path: string;
  access: Access;
  /** OpenAPI summary (French, as the rest of the API's texts). */
  summary: string;
  /** OpenAPI description: what the summary cannot say (filters, defaults). */
  description?: string;
  /** OpenAPI tag: the module's name. */
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  /**
   * The body comes as multipart/form-data: `body` describes its fields (the server validates them after
   * reading the parts, files apart), and the web sends a FormData.
   */
  multipart?: true;
  /**
   * The 200 answer. `null`: not JSON (a file, a CSV, a PDF, an HTML page, a redirect): the web reads it
   * with `download(endpoint, input)`.
   */
  response: z.ZodType | null;
  /** Other statuses the endpoint documents (default STANDARD_ERRORS); a schema strips what it does not name. */
  errors?: Record<number, z.ZodType>;
  /** Left out of the OpenAPI document (operations endpoints). */
  hidden?: true;
  /** Served only on this engine (the embedded database's online backup); absent elsewhere. */
  onlyOn?: 'pglite';
}

/** Declares an endpoint, keeping its literal types (method, path, schemas) for the callers. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** The path parameters of a call (filled into its `:name` segments), when it has any. */
type ParamsInput<E extends Endpoint> = E extends { params: z.ZodType } ? z.input<E['params']> : unknown;

/** What a call sends: the query of a GET, the body of a write (with the path parameters, if any). */
export type EndpointInput<E extends Endpoint> = E extends { body: z.ZodType }
  ? z.input<E['body']> & ParamsInput<E>
  : E extends { query: z.ZodType }
    ? z.input<E['query']> & ParamsInput<E>
    : E extends { params: z.ZodType }
      ? z.input<E['params']>
      : undefined;

/** What a call answers. */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;

/** True when `value` has the shape of an Endpoint (the registry walks the contracts' exports with it). */
export function isEndpoint(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.method === 'string' && typeof v.path === 'string' && v.path.startsWith('/') && !!v.access;
}
