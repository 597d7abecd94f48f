import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { CHOICE_STAFF_CODENAMES, type ChoiceList, choiceEndpoints } from '@borlette/shared/contracts/choices';
import { ERROR_CODE } from '@borlette/shared/error-codes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { ApiError, call, isApiError } from './api-client';
import { can } from './authorization';
import { SessionContext } from './session/session-context';

/**
 * What pickers and filters offer (the acting company's draws, sub-branches, agents), from
 * GET /api/companies/choices/*: open to every user of the company whatever its codenames, scoped for
 * a supervisor; platform staff need the codename of the list's own page (CHOICE_STAFF_CODENAMES).
 * Shared by every feature that picks one (limits, primes, blocked balls, tickets…).
 */
export interface Choice {
  id: number;
  name: string;
  /** A second line (username, sub-branch…). */
  hint?: string | null;
  blocked?: boolean;
}

export const CHOICES_KEY = ['choices'] as const;

/** Refused or not there: the picker hides (company users always get the lists; staff may not). */
const refused = (error: unknown) => isApiError(error) && [401, 403, 404].includes(error.statusCode);
export const pickerHidden = (q: { isError: boolean; error: unknown }) => q.isError && refused(q.error);

/** Whether the server would give this user the list (the access its endpoint declares). */
export function pickerAllowed(user: CurrentUser | null | undefined, list: ChoiceList): boolean {
  return user?.role !== 'superuser' || can(user, choiceEndpoints[list]);
}

/**
 * For staff without the list's codename, the server's own refusal, thrown without asking it (a request
 * bound to fail): the pickers then hide or say why, as for any 403. Null when the list may be read.
 */
function useStaffRefusal(list: ChoiceList): ApiError | null {
  const user = useContext(SessionContext)?.user;
  if (pickerAllowed(user, list)) return null;
  const message = `Permission requise : ${CHOICE_STAFF_CODENAMES[list]}.`;
  return new ApiError(403, { code: ERROR_CODE.PERMISSION_DENIED, message });
}

export function useTirageChoices(enabled = true) {
  const refusal = useStaffRefusal('tirages');
  return useQuery({
    queryKey: [...CHOICES_KEY, 'tirages'],
    queryFn: async ({ signal }) => {
      if (refusal) throw refusal;
      return (await call(choiceEndpoints.tirages, undefined, { signal })).map<Choice>((t) => ({
        id: t.id,
        name: t.name,
        blocked: t.status === 'blocked',
      }));
    },
    enabled,
    staleTime: 60_000,
  });
}

/** Agents matching `search` (names or username), 50 at most, of one sub-branch if given. */
export function useAgentChoices(search: string, enabled = true, surcussaleId?: number | string | null) {
  const refusal = useStaffRefusal('agents');
  return useQuery({
    queryKey: [...CHOICES_KEY, 'agents', search, surcussaleId ?? null],
    queryFn: async ({ signal }) => {
      if (refusal) throw refusal;
      return (
        await call(
          choiceEndpoints.agents,
          { search: search || undefined, surcussale_id: surcussaleId || undefined },
          { signal },
        )
      ).map<Choice>((a) => ({
        id: a.id,
        name: a.name,
        hint: [a.username, a.surcussale_name].filter(Boolean).join(' · '),
        blocked: a.status !== 'active',
      }));
    },
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** The sub-branches the user sees, filtered by `search` here (a company has a handful). */
export function useSurcussaleChoices(search = '', enabled = true) {
  const term = search.trim().toLowerCase();
  const refusal = useStaffRefusal('surcussales');
  return useQuery({
    queryKey: [...CHOICES_KEY, 'surcussales'],
    queryFn: async ({ signal }) => {
      if (refusal) throw refusal;
      return (await call(choiceEndpoints.surcussales, undefined, { signal })).map<Choice>((s) => ({
        id: s.id,
        name: s.name,
        blocked: s.status !== 'active',
      }));
    },
    select: (rows) => (term ? rows.filter((r) => r.name.toLowerCase().includes(term)) : rows),
    enabled,
    staleTime: 60_000,
  });
}
