/**
 * The rows of « Fiches du jour » and the messages, read defensively: the list answers ticket rows
 * (`tirages`) or full tickets (`draws`), and the messages a plain array or a page.
 */
import type { FicheStatus } from '@borlette/shared/contracts/fiches';
import type { AgentMessage } from '@borlette/shared/contracts/messages';

export interface PosFicheRow {
  id: number;
  number: number;
  ref_code: string;
  sold_at: string;
  status: FicheStatus;
  amount: number;
  win_amount: number;
  blocked: boolean;
  draws: string[];
  cancel_until: string | null;
}

type RawRow = Omit<Partial<PosFicheRow>, 'draws'> & {
  id: number;
  number: number;
  tirages?: { name: string }[];
  draws?: Array<{ name: string } | string>;
};

export function toPosRow(raw: RawRow): PosFicheRow {
  const names = (raw.draws ?? raw.tirages ?? []).map((d) => (typeof d === 'string' ? d : d.name));
  return {
    id: raw.id,
    number: raw.number,
    ref_code: raw.ref_code ?? '',
    sold_at: raw.sold_at ?? '',
    status: raw.status ?? 'en_attente',
    amount: raw.amount ?? 0,
    win_amount: raw.win_amount ?? 0,
    blocked: raw.blocked ?? false,
    draws: names,
    cancel_until: raw.cancel_until ?? null,
  };
}

export interface RowsPage {
  rows: PosFicheRow[];
  count: number;
  page: number;
  pageSize: number;
}

export function toRowsPage(raw: unknown, page: number, pageSize: number): RowsPage {
  const body = (raw ?? {}) as { results?: RawRow[]; count?: number; page?: number; page_size?: number };
  const list = Array.isArray(raw) ? (raw as RawRow[]) : (body.results ?? []);
  return {
    rows: list.map(toPosRow),
    count: typeof body.count === 'number' ? body.count : list.length,
    page: body.page ?? page,
    pageSize: body.page_size ?? pageSize,
  };
}

export function toMessages(raw: unknown): AgentMessage[] {
  if (Array.isArray(raw)) return raw as AgentMessage[];
  const body = (raw ?? {}) as { results?: AgentMessage[] };
  return Array.isArray(body.results) ? body.results : [];
}
