import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { configQuery } from '../../api/pos-api';

/** While the server is unreachable, how often the POS asks again (the config: a small read). */
export const OFFLINE_PROBE_MS = 5_000;

export interface NetworkStatus {
  online: boolean;
  /** A request got no answer (dropped, timed out): the server counts as unreachable until one answers. */
  lost(): void;
  /** A request got an answer. */
  answered(): void;
}

/**
 * Whether the POS can reach its server: the browser's own flag (navigator.onLine and its events),
 * and the requests that fail — a Wi-Fi without internet says « online ». Once unreachable, the
 * config is asked every few seconds, and its first answer brings the POS back.
 */
export function useNetworkStatus(): NetworkStatus {
  const [browserOnline, setBrowserOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [unreachable, setUnreachable] = useState(false);
  const config = useQuery(configQuery);
  const { refetch, dataUpdatedAt, errorUpdatedAt, error } = config;

  useEffect(() => {
    const up = () => {
      setBrowserOnline(true);
      void refetch();
    };
    const down = () => setBrowserOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [refetch]);

  // The config's refresh (every 30 s) doubles as a probe: its failure or its answer says which.
  useEffect(() => {
    if (errorUpdatedAt && isApiError(error) && error.statusCode === 0) setUnreachable(true);
  }, [errorUpdatedAt, error]);
  useEffect(() => {
    if (dataUpdatedAt) setUnreachable(false);
  }, [dataUpdatedAt]);

  useEffect(() => {
    if (!unreachable || !browserOnline) return;
    const timer = window.setInterval(() => void refetch(), OFFLINE_PROBE_MS);
    return () => window.clearInterval(timer);
  }, [unreachable, browserOnline, refetch]);

  const lost = useCallback(() => setUnreachable(true), []);
  const answered = useCallback(() => setUnreachable(false), []);
  return { online: browserOnline && !unreachable, lost, answered };
}
