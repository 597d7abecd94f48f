import type { CurrentUser, LoginRequest, LoginResponse } from '@borlette/shared/contracts/auth';
import { api, rolePrefix } from '../api-client';

/** GET /api/{role-prefix}/user (spec §7). */
export function getCurrentUser(role: string, signal?: AbortSignal): Promise<CurrentUser> {
  const prefix = rolePrefix(role);
  if (!prefix) return Promise.reject(new Error(`Unknown role: ${role}`));
  return api.get<CurrentUser>(`/api/${prefix}/user`, { signal });
}

/** POST /api/user/auth/login — sent without a token: its 401 means wrong credentials, not an expired session. */
export function loginRequestCall(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/user/auth/login', body, { auth: false });
}

/** POST /api/user/auth/logout {}. */
export function logoutRequestCall(): Promise<unknown> {
  return api.post('/api/user/auth/logout', {});
}
