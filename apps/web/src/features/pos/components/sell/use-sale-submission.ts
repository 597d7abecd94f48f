import { posEndpoints } from '@borlette/shared/contracts/pos';
import type { SaleAnswer, SaleInput } from '@borlette/shared/contracts/sale';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../../../lib/api-client';
import { refreshAfterWrite } from '../../api/pos-api';
import { posCall } from '../../api/pos-client';
import { withSaleLocation } from '../../lib/sale-location';
import {
  abandonSale,
  beginSale,
  blockedByUnsettled,
  isLostAttempt,
  retryDelay,
  SALE_ATTEMPTS,
  SALE_TIMEOUT_MS,
  sentLines,
  settleRefused,
  settleSold,
} from '../../lib/sale-submission';
import { type Draft, type DraftLine, newSaleKey, type UnsettledSale } from '../../lib/ticket';
import { useNetworkStatus } from './use-network-status';

export type SubmissionState =
  | { phase: 'idle' }
  /** Attempt n of SALE_ATTEMPTS is on its way. */
  | { phase: 'sending'; attempt: number }
  /** Attempt n-1 got no answer; attempt n leaves in `delayMs`. */
  | { phase: 'waiting'; attempt: number; delayMs: number }
  /** Sent, never answered: maybe sold. Blocks another ticket until settled or confirmed. */
  | { phase: 'unknown'; sale: UnsettledSale };

export interface SaleSubmission {
  state: SubmissionState;
  online: boolean;
  /** A sale is on its way or between two attempts. */
  busy: boolean;
  /** Why « Vendre » cannot sell now (offline, another sale unsettled); null when it can. */
  blocker: string | null;
  /** « Vendre » (or « Réessayer »: an unsettled sale is resent as it was, same key). */
  submit(): void;
  /** The agent stops the attempts: the sale becomes « unknown », never a second ticket. */
  cancel(): void;
  /** The agent confirms the unsettled sale did not go through: the next sale may go. */
  confirmNotSold(): void;
}

interface Options {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  onSold(answer: SaleAnswer): void;
  /** The server answered a refusal; `sent` are the lines of the body, in its order. */
  onRefused(error: ApiError, sent: DraftLine[]): void;
}

interface Run {
  cancelled: boolean;
  controller: AbortController | null;
  wake: (() => void) | null;
}

type Attempt = { kind: 'sold'; answer: SaleAnswer } | { kind: 'refused'; error: ApiError } | { kind: 'lost' };

/** One attempt, with its timeout: no answer in SALE_TIMEOUT_MS counts as lost (the request is dropped). */
async function attempt(sale: SaleInput, run: Run): Promise<Attempt> {
  const controller = new AbortController();
  run.controller = controller;
  const timer = window.setTimeout(() => controller.abort(), SALE_TIMEOUT_MS);
  try {
    const body = withSaleLocation(sale);
    return { kind: 'sold', answer: await posCall(posEndpoints.sell, body, { signal: controller.signal }) };
  } catch (error) {
    if (isApiError(error) && !isLostAttempt(error.statusCode)) return { kind: 'refused', error };
    return { kind: 'lost' };
  } finally {
    window.clearTimeout(timer);
    run.controller = null;
  }
}

function pause(ms: number, run: Run): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    run.wake = () => {
      window.clearTimeout(timer);
      resolve();
    };
  });
}

/**
 * The sale on a bad network (issue 18 §5): each attempt waits SALE_TIMEOUT_MS, a lost one is retried
 * automatically (SALE_ATTEMPTS in all, backing off) with the same idempotency key and body, so the
 * server answers the same ticket. Out of attempts (or stopped by the agent), the sale's fate is
 * unknown: the draft keeps it (localStorage, a reload included) and no other ticket sells until a
 * retry answers or the agent confirms it did not go through. Offline, nothing is sent.
 */
export function useSaleSubmission({ draft, setDraft, onSold, onRefused }: Options): SaleSubmission {
  const { t } = useTranslation('pos');
  const client = useQueryClient();
  const network = useNetworkStatus();
  const [running, setRunning] = useState<SubmissionState | null>(null);
  const runRef = useRef<Run | null>(null);
  const latest = useRef({ draft, onSold, onRefused, network });
  latest.current = { draft, onSold, onRefused, network };

  // Leaving the screen stops the attempts; the draft keeps the sale unsettled for the agent's return.
  useEffect(
    () => () => {
      const run = runRef.current;
      if (!run) return;
      run.cancelled = true;
      run.controller?.abort();
      run.wake?.();
    },
    [],
  );

  const loop = useCallback(
    async (sent: UnsettledSale) => {
      const run: Run = { cancelled: false, controller: null, wake: null };
      runRef.current = run;
      try {
        for (let n = 1; n <= SALE_ATTEMPTS && !run.cancelled; n++) {
          setRunning({ phase: 'sending', attempt: n });
          const result = await attempt(sent.sale, run);
          if (run.cancelled) return;
          const { network: net, onSold: sold, onRefused: refused } = latest.current;
          if (result.kind === 'sold') {
            net.answered();
            setDraft((d) => settleSold(d, sent));
            sold(result.answer);
            return;
          }
          if (result.kind === 'refused') {
            net.answered();
            setDraft(settleRefused);
            refused(result.error, sentLines(sent));
            return;
          }
          net.lost();
          if (n < SALE_ATTEMPTS) {
            setRunning({ phase: 'waiting', attempt: n + 1, delayMs: retryDelay(n) });
            await pause(retryDelay(n), run);
          }
        }
      } finally {
        if (runRef.current === run) runRef.current = null;
        setRunning(null);
        refreshAfterWrite(client);
      }
    },
    [client, setDraft],
  );

  const submit = useCallback(() => {
    if (runRef.current || !latest.current.network.online) return;
    const begun = beginSale(latest.current.draft, Date.now(), newSaleKey);
    if (!begun.ok) return;
    // Written before the request leaves (useDraft stores it): a reload mid-way still knows the key.
    latest.current.draft = begun.draft;
    setDraft(begun.draft);
    void loop(begun.unsettled);
  }, [loop, setDraft]);

  const cancel = useCallback(() => {
    const run = runRef.current;
    if (!run) return;
    run.cancelled = true;
    run.controller?.abort();
    run.wake?.();
  }, []);

  const confirmNotSold = useCallback(() => {
    if (!runRef.current) setDraft(abandonSale);
  }, [setDraft]);

  const unsettled = draft.pending?.unsettled;
  const state: SubmissionState = running ?? (unsettled ? { phase: 'unknown', sale: unsettled } : { phase: 'idle' });
  const blocker = !network.online
    ? t('network.offline')
    : blockedByUnsettled(draft)
      ? t('network.blockedByUnknown')
      : null;
  return { state, online: network.online, busy: running !== null, blocker, submit, cancel, confirmNotSold };
}
