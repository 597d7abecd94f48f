import { HEARTBEAT_SECONDS, terminalsEndpoints } from '@borlette/shared/contracts/terminals';
import { useCallback, useEffect, useState } from 'react';
import { POS_VERSION } from '../api/device';
import { posCall } from '../api/pos-client';
import { usePosSession } from '../api/pos-session';

/**
 * While the POS is open and signed in: one heartbeat now and one a minute (one UPDATE on the server),
 * so the terminals list shows who is online; its answer keeps the terminal's state current (approved
 * by the admin meanwhile: the pending screen gives way). `check` asks at once (the pending screen).
 */
export function useHeartbeat(active: boolean) {
  const { setTerminal } = usePosSession();
  const [checking, setChecking] = useState(false);
  const check = useCallback(async () => {
    setChecking(true);
    try {
      const answer = await posCall(terminalsEndpoints.heartbeat, { pos_version: POS_VERSION });
      setTerminal(answer.terminal);
    } catch {
      // Offline or refused: the next beat tries again; a 401 signs out through the POS client.
    } finally {
      setChecking(false);
    }
  }, [setTerminal]);
  useEffect(() => {
    if (!active) return;
    void check();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void check();
    }, HEARTBEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [active, check]);
  return { check, checking };
}
