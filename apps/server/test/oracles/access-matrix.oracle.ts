import {
  COMPANY_CODENAMES,
  type Codename,
  GRANTABLE_PERMISSIONS,
  POS_CODENAMES,
  ROLE_DEFAULT_PERMISSIONS,
  type Role,
} from '@borlette/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { Access } from '../../src/http/access';
import type { ApiRoute } from '../../src/http/auth';
import type { Actor, ActorKey } from '../fixtures/access-matrix.fixtures';
import { TARGET_SUPERVISOR_CODENAMES } from '../fixtures/access-matrix-company.fixtures';
import { type Kind, type KindIds, looksLikeId } from '../harness/access-matrix-kinds';

/**
 * What the access matrix expects, from the route's declared access alone: which caller holds which
 * codenames, who is allowed, which routes and ids belong to a company; and how answers are compared
 * (error code, a body without times and echoed ids).
 */

export const ACTOR_ORDER: ActorKey[] = [
  'anonymous',
  'agent',
  'supervisorWithout',
  'generalWithout',
  'generalWith',
  'foreignAdmin',
  'supervisorWith',
  'admin',
  'superuser',
];

export function actorPermissions(key: ActorKey, route: ApiRoute): Set<string> {
  switch (key) {
    case 'admin':
    case 'foreignAdmin':
    case 'supervisorWith':
      return new Set(COMPANY_CODENAMES);
    case 'supervisorWithout': {
      const needed = new Set(requiredCodenames(route.access));
      return new Set(COMPANY_CODENAMES.filter((c) => !needed.has(c)));
    }
    case 'superuser':
      return new Set(ROLE_DEFAULT_PERMISSIONS.superuser);
    case 'generalWith': {
      // The route's codenames that platform staff may be granted (the server ignores any other).
      const grantable = new Set<string>(GRANTABLE_PERMISSIONS.superuser);
      const needed = [...requiredCodenames(route.access), ...staffCodenames(route.access)];
      return new Set(needed.filter((c) => grantable.has(c)));
    }
    case 'agent':
      return new Set(POS_CODENAMES);
    default:
      return new Set();
  }
}

export function requiredCodenames(access: Access): Codename[] {
  if (access.public || !access.permission) return [];
  return typeof access.permission === 'string' ? [access.permission] : [...access.permission];
}

/**
 * Routes acting on an account (modules/_lib/holds.ts: nobody manages an account holding more than they
 * do): the caller must also hold what the target holds — a company's admin every company codename (its
 * password and sign-in unlock; blocking or deleting the company it signs in to), the target supervisor
 * its codenames. So platform staff holding only the route's codename is refused (403): the
 * general-versus-admin case.
 */
export const ACCOUNT_ROUTES: Record<string, readonly Codename[]> = {
  'POST /api/generals/compagnies/password': COMPANY_CODENAMES,
  // Clearing an account's sign-in failures lets guessing go on: it asks what a new password asks.
  'POST /api/generals/compagnies/unlock': COMPANY_CODENAMES,
  'POST /api/generals/compagnies/block': COMPANY_CODENAMES,
  'DELETE /api/generals/delete-company': COMPANY_CODENAMES,
  'PUT /api/companies/supervisor': TARGET_SUPERVISOR_CODENAMES,
  'POST /api/companies/supervisor/block': TARGET_SUPERVISOR_CODENAMES,
  'POST /api/companies/supervisor/password': TARGET_SUPERVISOR_CODENAMES,
  'POST /api/companies/supervisor/unlock': TARGET_SUPERVISOR_CODENAMES,
  'DELETE /api/companies/supervisor': TARGET_SUPERVISOR_CODENAMES,
};

/**
 * Routes open to every user of a company without a codename that platform staff may call without one
 * too: platform data, no company's (the official draw sessions, the cities of a country). Any other
 * such route must declare what staff need (`staffPermission`, issue 15: the pickers leaked to staff).
 */
export const OPEN_TO_STAFF = new Set(['GET /api/companies/draw-sources', 'GET /api/generals/cities']);

/** What platform staff must also hold on a route open to every user of a company (the pickers). */
export function staffCodenames(access: Access): Codename[] {
  return access.public ? [] : [...(access.staffPermission ?? [])];
}

export function allowed(actor: Actor, route: ApiRoute): boolean {
  const a = route.access;
  if (a.public) return true;
  if (!actor.role || !a.roles.includes(actor.role as Role)) return false;
  const held = actorPermissions(actor.key, route);
  const staff = actor.role === 'superuser' ? staffCodenames(a) : [];
  if (staff.length && !staff.some((c) => held.has(c))) return false;
  const target = ACCOUNT_ROUTES[`${route.method} ${route.url}`];
  if (target && !target.every((c) => held.has(c))) return false;
  const needed = requiredCodenames(a);
  if (!needed.length) return true;
  return needed.some((c) => held.has(c));
}

/** Company data routes: the ones a company admin may call (tenancy applies to the superuser too). */
export const isCompanyRoute = (route: ApiRoute) => !route.access.public && route.access.roles.includes('company');
export const isTenantKind = (k: Kind, ids: Record<Kind, KindIds>) => ids[k].foreign !== undefined;

export function codeOf(res: LightMyRequestResponse): string | undefined {
  try {
    return res.json().code;
  } catch {
    return undefined;
  }
}

/**
 * A body without what differs between two equivalent answers: times, and the ids the request named
 * (an answer may echo its filters), as values of id-like keys.
 */
export function normalise(body: string): string {
  const walk = (v: unknown, k = ''): unknown => {
    if (looksLikeId(k) && v !== null && typeof v !== 'object') return '#ID';
    if (/(_at|At|date|time|now|generated)$/i.test(k) && typeof v === 'string') return '#T';
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([kk, vv]) => [kk, walk(vv, kk)]));
    }
    return v;
  };
  try {
    return JSON.stringify(walk(JSON.parse(body)));
  } catch {
    return body.replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?/g, '#T');
  }
}
