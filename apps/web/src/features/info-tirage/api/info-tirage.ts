import {
  type InfoTirage,
  type InfoTirageInput,
  type InfoTirageUpdate,
  infoTirageEndpoints,
  type Settlement,
} from '@borlette/shared/contracts/info-tirage';
import { lottoEndpoints } from '@borlette/shared/contracts/lotto';
import type { EndpointOutput } from '@borlette/shared/endpoint';
import { ERROR_CODE } from '@borlette/shared/error-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call, GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client';
import { fBusinessDay, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const INFO_TIRAGE_KEY = ['info-tirage'] as const;

/** Screens of the feature (DASHBOARD_SCREENS). */
export const INFO_TIRAGE_PATHS = {
  list: '/dashboard/tirage/infotirage',
  new: '/dashboard/tirage/infotirage/new',
  edit: (id: number) => `/dashboard/tirage/infotirage/${id}/edit`,
} as const;

/** A correction or withdrawal that changes paid tickets needs `confirm: true` (payments reversed). */
export const isPaidTicketsRefusal = (error: unknown) =>
  isApiError(error) && error.statusCode === 409 && error.code === ERROR_CODE.PAID_TICKETS;

/** The server's French words for a refusal, or ours when it gave none. */
export const serverMessage = (error: unknown, fallback: string) =>
  isApiError(error) && error.message && error.message !== GENERIC_ERROR_MESSAGE ? error.message : fallback;

export const infoTirageQuery = (id: number) =>
  queryOptions({
    queryKey: [...INFO_TIRAGE_KEY, 'detail', id],
    queryFn: async ({ signal }) => oneResult(await call(infoTirageEndpoints.list, { id }, { signal })),
  });

/** The list endpoint answers `?id=` with that one result, not a page. */
function oneResult(answer: EndpointOutput<typeof infoTirageEndpoints.list>): InfoTirage {
  if ('results' in answer) throw new Error('info-tirage: a page where one result was asked');
  return answer;
}

/** The result of a draw on a date, if any (to offer its correction when entering it again). */
export async function findResult(v: { tirage_id: number; draw_date: string }): Promise<InfoTirage | null> {
  try {
    const page = await call(infoTirageEndpoints.list, {
      tirage_id: v.tirage_id,
      start_date: v.draw_date,
      end_date: v.draw_date,
      page_size: 1,
    });
    return 'results' in page ? (page.results[0] ?? null) : page;
  } catch {
    return null;
  }
}

export function useInfoTirage(id: number | null) {
  return useQuery({ ...infoTirageQuery(id ?? 0), enabled: id !== null });
}

/**
 * The company's loto options, to preview the option numbers of a result being typed. Another
 * feature's endpoint (view_lotto): without it the preview shows the lots only.
 */
export function useLottoMappings(enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'mappings'],
    queryFn: async ({ signal }) => (await call(lottoEndpoints.list, { page_size: 100 }, { signal })).results,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** « 3 gagnant(s), 8 100,00 HTG de gains » for the toasts. */
export function useSettlementText() {
  const { t, i18n } = useTranslation('infoTirage');
  const user = useUser();
  const currency = user.company?.currency ?? 'HTG';
  return (s: Settlement) => {
    const base = t('settlement.summary', {
      count: s.winners,
      tickets: s.tickets,
      amount: formatMoney(s.win_amount, currency, i18n.language),
    });
    return s.reversed > 0 ? `${base} ${t('settlement.reversed', { count: s.reversed })}` : base;
  };
}

/* ---- Writes: every one re-settles the draw, so tickets and the draws' last results change too ---- */

const invalidate = [INFO_TIRAGE_KEY, ['tirages'], ['fiches']];

/** Forms show their errors inline: no error snackbar. */
export function useCreateInfoTirage() {
  const { t } = useTranslation('infoTirage');
  const summary = useSettlementText();
  return useMutationWithToast({
    mutationFn: (v: InfoTirageInput) => call(infoTirageEndpoints.create, v),
    successMessage: (a) => t('toast.created', { summary: summary(a.settlement) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateInfoTirage() {
  const { t } = useTranslation('infoTirage');
  const summary = useSettlementText();
  return useMutationWithToast({
    mutationFn: (v: InfoTirageUpdate) => call(infoTirageEndpoints.update, v),
    successMessage: (a) =>
      a.settlement.changed_lines > 0
        ? t('toast.updated', { summary: summary(a.settlement) })
        : t('toast.updatedNoChange', { summary: summary(a.settlement) }),
    toastErrors: false,
    invalidate,
  });
}

/** Withdraw a result: its tickets go back to « en attente ». The page handles PAID_TICKETS. */
export function useDeleteInfoTirage() {
  const { t, i18n } = useTranslation('infoTirage');
  return useMutationWithToast({
    mutationFn: (v: { row: InfoTirage; confirm?: boolean }) =>
      call(infoTirageEndpoints.remove, { id: v.row.id, confirm: v.confirm ? true : undefined }),
    successMessage: (a, v) => {
      const text = t('toast.deleted', {
        name: v.row.tirage_name,
        date: fBusinessDay(v.row.draw_date, i18n.language),
      });
      const reversed = a.settlement.reversed;
      return reversed > 0 ? `${text}. ${t('settlement.reversed', { count: reversed })}` : text;
    },
    toastErrors: false,
    invalidate,
  });
}
