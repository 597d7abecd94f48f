import { useEffect, useState } from 'react';
import { fDate } from '../../../lib/format';
import { usePosConfig } from '../api/pos-api';
import { clockOffset } from '../lib/draws';

/** The device time (ms), refreshed every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** The company's date today (YYYY-MM-DD), on the server's clock, in the company's zone. */
export function useCompanyToday(): string {
  const { data: config } = usePosConfig();
  const now = useNow(60_000);
  const serverNow = config ? now + clockOffset(config.server_time, config.receivedAt) : now;
  return fDate(new Date(serverNow), { timeZone: config?.company.timezone });
}
