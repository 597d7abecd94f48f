import type { LoginRequest } from '@borlette/shared/contracts/auth';
import { useCallback, useState } from 'react';
import { loginRequestCall } from '../../../lib/session/session-api';
import { useSession } from '../../../lib/session/use-session';

/**
 * The sign-in (`authEndpoints.login`), then store the session and reload on the remembered path (docs/spec.md §4).
 * `pending` stays true after success: the page is about to reload.
 */
export function useLogin() {
  const { completeLogin } = useSession();
  const [pending, setPending] = useState(false);
  const login = useCallback(
    async (body: LoginRequest) => {
      setPending(true);
      try {
        const answer = await loginRequestCall(body);
        completeLogin(answer.accessToken, answer.role);
      } catch (error) {
        setPending(false);
        throw error;
      }
    },
    [completeLogin],
  );
  return { login, pending };
}
