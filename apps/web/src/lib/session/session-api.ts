import {
  authEndpoints,
  type CurrentUser,
  type LoginRequest,
  type LoginResponse,
} from '@borlette/shared/contracts/auth';
import { sessionEndpoints } from '@borlette/shared/contracts/session';
import type { Role } from '@borlette/shared/permissions';
import { call } from '../api-client';

/** GET /api/{role-prefix}/user (docs/spec.md §7): each role has its own. */
const CURRENT_USER: Record<Role, (typeof sessionEndpoints)[Role]> = {
  superuser: sessionEndpoints.superuser,
  company: sessionEndpoints.company,
  supervisor: sessionEndpoints.supervisor,
  agent: sessionEndpoints.agent,
};

export function getCurrentUser(role: string, signal?: AbortSignal): Promise<CurrentUser> {
  const endpoint = Object.hasOwn(CURRENT_USER, role) ? CURRENT_USER[role as Role] : undefined;
  if (!endpoint) return Promise.reject(new Error(`Unknown role: ${role}`));
  return call(endpoint, undefined, { signal });
}

/** The sign-in, sent without a token: its 401 means wrong credentials, not an expired session. */
export function loginRequestCall(body: LoginRequest): Promise<LoginResponse> {
  return call(authEndpoints.login, body, { auth: false });
}

export function logoutRequestCall(): Promise<unknown> {
  return call(authEndpoints.logout);
}
