import type { CurrentUser, LoginRequest } from '@borlette/shared/contracts/auth';
import { type SessionTerminal, terminalsEndpoints } from '@borlette/shared/contracts/terminals';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { removeItem } from '../../../lib/storage';
import { POS_VERSION, posDevice } from './device';
import { posLogin, posLogout, posMe } from './pos-api';
import { clearPosToken, getPosToken, onPosSessionExpired, POS_STORAGE, posCall, setPosToken } from './pos-client';

/**
 * checking: a stored token is being verified · unreachable: the server did not answer (retry) ·
 * signedOut · signedIn.
 */
export type PosStatus = 'checking' | 'unreachable' | 'signedOut' | 'signedIn';

/** Sign-in refused because the account is not an agent's (its token is revoked at once). */
export class NotAgentError extends Error {
  constructor() {
    super('not-agent');
    this.name = 'NotAgentError';
  }
}

interface PosSessionValue {
  status: PosStatus;
  user: CurrentUser | null;
  /** The last session ended by the server (401): the sign-in says so. */
  expired: boolean;
  signIn: (body: LoginRequest) => Promise<void>;
  signOut: () => Promise<void>;
  retry: () => void;
  /** This device's terminal (issue 20): from the sign-in, then from each heartbeat; null = none known. */
  terminal: SessionTerminal | null;
  setTerminal: (terminal: SessionTerminal | null) => void;
}

const PosSessionContext = createContext<PosSessionValue | null>(null);

export function usePosSession(): PosSessionValue {
  const value = useContext(PosSessionContext);
  if (!value) throw new Error('usePosSession must be used inside <PosSessionProvider>');
  return value;
}

/** The signed-in agent; only below the POS gate. */
export function usePosUser(): CurrentUser {
  const { user } = usePosSession();
  if (!user) throw new Error('usePosUser needs a signed-in agent');
  return user;
}

export function PosSessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [status, setStatus] = useState<PosStatus>(() => (getPosToken() ? 'checking' : 'signedOut'));
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [expired, setExpired] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [terminal, setTerminal] = useState<SessionTerminal | null>(null);

  useEffect(
    () =>
      onPosSessionExpired(() => {
        setExpired(true);
        setUser(null);
        setStatus('signedOut');
        client.clear();
      }),
    [client],
  );

  // A stored token is trusted only once GET /api/agents/user accepts it. The terminal's state comes with
  // it (a heartbeat, in parallel): a pending device reloaded shows its pending screen at once, never the
  // sale screen for the moment the first beat takes. A failed beat leaves it unknown (the sale decides).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` checks it again (retry)
  useEffect(() => {
    const token = getPosToken();
    if (!token) return;
    const controller = new AbortController();
    setStatus('checking');
    const beat = posCall(
      terminalsEndpoints.heartbeat,
      { pos_version: POS_VERSION },
      { signal: controller.signal },
    ).catch(() => null);
    Promise.all([posMe(undefined, controller.signal), beat]).then(
      ([me, answer]) => {
        setTerminal(answer?.terminal ?? null);
        setUser(me);
        setStatus('signedIn');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && (error.statusCode === 0 || error.statusCode >= 500)) setStatus('unreachable');
        else {
          clearPosToken();
          setStatus('signedOut');
        }
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const signIn = useCallback(
    async (body: LoginRequest) => {
      // The device registers itself with the sign-in (a pending one waits for the company's approval).
      const answer = await posLogin({ ...body, device: posDevice() });
      if (answer.role !== 'agent') {
        // Not kept, not even for a moment: the session it opened is closed on the server.
        void posLogout(answer.accessToken).catch(() => undefined);
        throw new NotAgentError();
      }
      setPosToken(answer.accessToken);
      client.clear();
      setExpired(false);
      setTerminal(answer.terminal ?? null);
      setUser(answer.user);
      setStatus('signedIn');
    },
    [client],
  );

  const signOut = useCallback(async () => {
    const token = getPosToken();
    // Signing out never fails for the agent: the token is forgotten here whatever the server says.
    if (token) await posLogout(token).catch(() => undefined);
    clearPosToken();
    removeItem(POS_STORAGE.draft);
    removeItem(POS_STORAGE.input, 'session');
    client.clear();
    setExpired(false);
    setTerminal(null);
    setUser(null);
    setStatus('signedOut');
  }, [client]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo<PosSessionValue>(
    () => ({ status, user, expired, signIn, signOut, retry, terminal, setTerminal }),
    [status, user, expired, signIn, signOut, retry, terminal],
  );
  return <PosSessionContext.Provider value={value}>{children}</PosSessionContext.Provider>;
}
