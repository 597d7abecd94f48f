import type { Page } from '@borlette/shared/contracts/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Choices of the configuration forms (draws, agents, sub-branches), read from the lists of other
 * features. A failure (the user may lack view_tirage / view_agent…) is shown by the field, no retry.
 * Shared by the limits, primes and boules-block features.
 */
export interface Choice {
  id: number;
  name: string;
  /** A second line (username, sub-branch…). */
  hint?: string | null;
  blocked?: boolean;
}

interface TirageRow {
  id: number;
  name: string;
  status: string;
}

/** Every draw of the company (a company has about 14; 100 is the page maximum). */
export function useTirageChoices(enabled = true) {
  return useQuery({
    queryKey: ['tirages', 'choices'],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<TirageRow>>('/api/companies/list-tirage', {
        params: { page_size: 100, sort: 'name' },
        signal,
      });
      return page.results.map<Choice>((t) => ({ id: t.id, name: t.name, blocked: t.status === 'blocked' }));
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

interface AgentRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  status: string;
  surcussale_name: string | null;
}

export const agentName = (a: Pick<AgentRow, 'first_name' | 'last_name' | 'username'>) =>
  `${a.first_name} ${a.last_name}`.trim() || a.username;

/** Agents matching `search` (20 at most; the server searches names, username and phone). */
export function useAgentChoices(search: string, enabled = true) {
  return useQuery({
    queryKey: ['agents', 'choices', search],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<AgentRow>>('/api/companies/list-agent', {
        params: { search: search || undefined, page_size: 20, sort: 'name' },
        signal,
      });
      return page.results.map<Choice>((a) => ({
        id: a.id,
        name: agentName(a),
        hint: [a.username, a.surcussale_name].filter(Boolean).join(' · '),
        blocked: a.status !== 'active',
      }));
    },
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

interface SurcussaleRow {
  id: number;
  name: string;
  city_name: string | null;
  status: string;
}

/** Sub-branches matching `search` (20 at most). */
export function useSurcussaleChoices(search: string, enabled = true) {
  return useQuery({
    queryKey: ['surcussales', 'choices', search],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<SurcussaleRow>>('/api/companies/list-surcussale', {
        params: { search: search || undefined, page_size: 20, sort: 'name' },
        signal,
      });
      return page.results.map<Choice>((s) => ({
        id: s.id,
        name: s.name,
        hint: s.city_name,
        blocked: s.status !== 'active',
      }));
    },
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}
