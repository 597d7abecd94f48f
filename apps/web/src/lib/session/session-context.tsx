import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError, onUnauthorized } from '../api-client';
import { setFlash } from '../flash';
import { clearStoredSession, getStoredSession, handSessionToPos, storeSession, takeRedirectPath } from '../storage';
import { getCurrentUser, logoutRequestCall } from './session-api';

/** docs/spec.md §4: not initialised ('loading') -> authenticated | unauthenticated. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionValue {
  status: SessionStatus;
  user: CurrentUser | null;
  /** Store the new session and reload on the remembered path (docs/spec.md §4: login reloads the page). */
  completeLogin: (accessToken: string, role: string) => void;
  /** POST logout, then forget the token and role even if the call failed (docs/spec.md §4). */
  logout: () => Promise<void>;
  /** Replace the user with a fresh copy (the answer of a company / country choice)... */
  replaceUser: (user: CurrentUser) => void;
  /** ...and/or fetch it again from GET /api/{prefix}/user. */
  reloadUser: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

interface State {
  status: SessionStatus;
  user: CurrentUser | null;
}

/**
 * The session is one small piece of state, kept out of react-query on purpose: the first screen
 * (splash, login) then needs no data-fetching library at all. Data screens use react-query.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() => ({
    status: getStoredSession() ? 'loading' : 'unauthenticated',
    user: null,
  }));

  useEffect(() => onUnauthorized(() => setState({ status: 'unauthenticated', user: null })), []);

  // docs/spec.md §4: authenticated only if a stored token and role exist AND the current-user call succeeds.
  useEffect(() => {
    const stored = getStoredSession();
    if (!stored) return;
    const controller = new AbortController();
    getCurrentUser(stored.role, controller.signal).then(
      (user) => setState({ status: 'authenticated', user }),
      () => {
        // docs/spec.md §8: a failed initialisation leaves the user unauthenticated.
        if (!controller.signal.aborted) setState({ status: 'unauthenticated', user: null });
      },
    );
    return () => controller.abort();
  }, []);

  const completeLogin = useCallback((accessToken: string, role: string) => {
    if (role === 'agent') {
      handSessionToPos(accessToken);
      window.location.assign('/pos');
      return;
    }
    storeSession(accessToken, role);
    setFlash({ key: 'auth:loginSuccess', variant: 'success' });
    window.location.assign(takeRedirectPath() ?? '/dashboard');
  }, []);

  const logout = useCallback(async () => {
    let failed = false;
    try {
      await logoutRequestCall();
    } catch (error) {
      // A 401 means the token is already gone on the server: that is a successful logout.
      failed = !(isApiError(error) && error.statusCode === 401);
    } finally {
      clearStoredSession();
    }
    if (failed) setFlash({ key: 'auth:logoutFailed', variant: 'error' });
    window.location.assign('/auth/login');
  }, []);

  const replaceUser = useCallback((user: CurrentUser) => setState({ status: 'authenticated', user }), []);

  const reloadUser = useCallback(async () => {
    const stored = getStoredSession();
    if (!stored) return;
    try {
      const user = await getCurrentUser(stored.role);
      setState({ status: 'authenticated', user });
    } catch {
      // Keeps the current user; a 401 has already reset the session (api-client).
    }
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, completeLogin, logout, replaceUser, reloadUser }),
    [state, completeLogin, logout, replaceUser, reloadUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
