import { bouleBlockEndpoints } from '@borlette/shared/contracts/boules-block';
import { companySettingsEndpoints } from '@borlette/shared/contracts/company-settings';
import { type Exposure, exposureEndpoints } from '@borlette/shared/contracts/exposure';
import { limitEndpoints } from '@borlette/shared/contracts/limits';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, isApiError } from '../../../lib/api-client';
import { getStoredSession } from '../../../lib/storage';
import { openBoardStream, type StreamState } from './exposure-stream';

export const EXPOSURE_KEY = ['exposure'] as const;

export type BoardParams = { tirage_id: number | undefined };

/**
 * The board: read once by the API, then kept current by the live stream (each `board` event replaces
 * the query's data). While the stream reconnects, the last board stays on screen.
 */
export function useExposureBoard(params: BoardParams) {
  const client = useQueryClient();
  const key = [...EXPOSURE_KEY, params];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(exposureEndpoints.board, params, { signal }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2,
  });
  const [live, setLive] = useState<StreamState>('connecting');
  // Bumped to reopen the stream: it keeps the thresholds it was opened with.
  const [rev, setRev] = useState(0);
  const keyText = JSON.stringify(params);
  useEffect(() => {
    void rev;
    const p = JSON.parse(keyText) as BoardParams;
    return openBoardStream({
      path: exposureEndpoints.stream.path,
      params: { ...p },
      token: () => getStoredSession()?.token ?? null,
      onBoard: (board: Exposure) => client.setQueryData([...EXPOSURE_KEY, p], board),
      onState: setLive,
    });
  }, [keyText, client, rev]);
  return { ...query, live, restart: () => setRev((n) => n + 1) };
}

/** The company's colour thresholds (company settings: change_company or change_tirage, audited). */
export function saveThresholds(v: { warn: number; hot: number }) {
  return call(companySettingsEndpoints.update, { exposure_warn_pct: v.warn, exposure_hot_pct: v.hot });
}

/** Quick action: block a number for the draw (POST boules-block: audited by the server). */
export function blockNumber(v: { number: string; tirage_id: number }) {
  return call(bouleBlockEndpoints.create, { ...v, note: 'Centre de risque' });
}

/**
 * Quick action: set the ball limit of a number on the draw — the existing one of that draw is
 * changed, else one is created (type-boules: audited by the server).
 */
export async function lowerLimit(v: { code: number; number: string; tirage_id: number; max_amount: number }) {
  const api = limitEndpoints.boule;
  const page = await call(api.list, { code: v.code, tirage_id: v.tirage_id, search: v.number, page_size: 100 });
  const results = 'results' in page ? page.results : [page];
  const found = results.find((l) => l.number === v.number && l.tirage_id === v.tirage_id && l.agent_id === null);
  return found ? call(api.update, { id: found.id, ...v }) : call(api.create, v);
}
