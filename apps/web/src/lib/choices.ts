import type { AgentChoice, SurcussaleChoice, TirageChoice } from '@borlette/shared/contracts/choices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './api-client';

/**
 * What pickers and filters offer (the acting company's draws, sub-branches, agents), from
 * GET /api/companies/choices/*: open to every user of the company whatever its codenames, scoped for
 * a supervisor. Shared by every feature that picks one (limits, primes, blocked balls, tickets…).
 */
export interface Choice {
  id: number;
  name: string;
  /** A second line (username, sub-branch…). */
  hint?: string | null;
  blocked?: boolean;
}

export const CHOICES_KEY = ['choices'] as const;

/** Refused or not there: the picker hides (the choices are open to every company user, so rare). */
const refused = (error: unknown) => isApiError(error) && [401, 403, 404].includes(error.statusCode);
export const pickerHidden = (q: { isError: boolean; error: unknown }) => q.isError && refused(q.error);

export function useTirageChoices(enabled = true) {
  return useQuery({
    queryKey: [...CHOICES_KEY, 'tirages'],
    queryFn: async ({ signal }) =>
      (await api.get<TirageChoice[]>('/api/companies/choices/tirages', { signal })).map<Choice>((t) => ({
        id: t.id,
        name: t.name,
        blocked: t.status === 'blocked',
      })),
    enabled,
    staleTime: 60_000,
  });
}

/** Agents matching `search` (names or username), 50 at most, of one sub-branch if given. */
export function useAgentChoices(search: string, enabled = true, surcussaleId?: number | string | null) {
  return useQuery({
    queryKey: [...CHOICES_KEY, 'agents', search, surcussaleId ?? null],
    queryFn: async ({ signal }) =>
      (
        await api.get<AgentChoice[]>('/api/companies/choices/agents', {
          params: { search: search || undefined, surcussale_id: surcussaleId || undefined },
          signal,
        })
      ).map<Choice>((a) => ({
        id: a.id,
        name: a.name,
        hint: [a.username, a.surcussale_name].filter(Boolean).join(' · '),
        blocked: a.status !== 'active',
      })),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** The sub-branches the user sees, filtered by `search` here (a company has a handful). */
export function useSurcussaleChoices(search = '', enabled = true) {
  const term = search.trim().toLowerCase();
  return useQuery({
    queryKey: [...CHOICES_KEY, 'surcussales'],
    queryFn: async ({ signal }) =>
      (await api.get<SurcussaleChoice[]>('/api/companies/choices/surcussales', { signal })).map<Choice>((s) => ({
        id: s.id,
        name: s.name,
        blocked: s.status !== 'active',
      })),
    select: (rows) => (term ? rows.filter((r) => r.name.toLowerCase().includes(term)) : rows),
    enabled,
    staleTime: 60_000,
  });
}
