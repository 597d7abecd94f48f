import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { useContext } from 'react';
import { SessionContext, type SessionValue } from './session-context';

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user; only call it below a guard that guarantees one. */
export function useUser(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser needs an authenticated session');
  return user;
}
