/**
 * The draws the POS offers (GET /api/agents/config): open ones first, soonest closing first, with a
 * countdown computed on the SERVER's clock (the device's clock may be wrong; the server decides).
 */
import type { PosTirage } from '@borlette/shared/contracts/sale';

/** Server clock minus device clock, measured when the config arrived (ms). */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left before `draw` closes, on the server's clock; <= 0 once closed. */
export function msUntilClose(draw: Pick<PosTirage, 'closes_at'>, deviceNow: number, offset: number): number {
  const closes = Date.parse(draw.closes_at);
  return Number.isFinite(closes) ? closes - (deviceNow + offset) : 0;
}

/**
 * A draw the server says is open although its closing time had already passed when it answered: the
 * company forced it open (it then sells until its result or the official draw), so no countdown.
 */
export function isForcedOpen(draw: Pick<PosTirage, 'is_open' | 'closes_at'>, serverTime: string): boolean {
  const closes = Date.parse(draw.closes_at);
  const server = Date.parse(serverTime);
  return draw.is_open && Number.isFinite(closes) && Number.isFinite(server) && closes <= server;
}

/** Open for sale right now: the server said so and (unless forced open) its closing time has not passed since. */
export function isOpenNow(draw: PosTirage, deviceNow: number, offset: number, serverTime: string): boolean {
  if (!draw.is_open) return false;
  return isForcedOpen(draw, serverTime) || msUntilClose(draw, deviceNow, offset) > 0;
}

export interface SortedDraws {
  open: PosTirage[];
  closed: PosTirage[];
}

/** Open draws by closing time (forced-open ones last), then name; closed ones by name. */
export function sortDraws(
  draws: readonly PosTirage[],
  deviceNow: number,
  offset: number,
  serverTime: string,
): SortedDraws {
  const open: PosTirage[] = [];
  const closed: PosTirage[] = [];
  for (const d of draws) (isOpenNow(d, deviceNow, offset, serverTime) ? open : closed).push(d);
  const key = (d: PosTirage) => (isForcedOpen(d, serverTime) ? Number.MAX_SAFE_INTEGER : Date.parse(d.closes_at));
  open.sort((a, b) => key(a) - key(b) || a.name.localeCompare(b.name));
  closed.sort((a, b) => a.name.localeCompare(b.name));
  return { open, closed };
}

/**
 * « 2 h 05 », « 12:34 » (under an hour), « 0:09 ». Hours past 99 are shown as is; negative -> « 0:00 ».
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')}`;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Under this, a countdown is shown as urgent (warning colour). */
export const URGENT_MS = 10 * 60 * 1000;

/** The known reasons of borlette_tirage_state; anything else is shown as « fermé ». */
export const CLOSED_REASONS = ['blocked', 'forced_closed', 'result', 'drawn', 'day', 'not_open', 'closed'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export function closedReason(draw: Pick<PosTirage, 'closed_reason' | 'is_open'>): ClosedReason {
  const r = draw.closed_reason;
  return (CLOSED_REASONS as readonly string[]).includes(r ?? '') ? (r as ClosedReason) : 'closed';
}
