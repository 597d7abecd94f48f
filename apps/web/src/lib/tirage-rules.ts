import type { DrawSource } from '@borlette/shared/contracts/tirages';

/** Monday first, as a French week is shown (values: 0 = Sunday … 6 = Saturday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Minutes sales close before the official draw when the company's own setting is unknown (docs/domain.md: 5). */
export const SALES_CLOSE_MINUTES = 5;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const toMinutes = (hhmm: string): number | null => {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

const pad = (n: number) => String(n).padStart(2, '0');
export const fromMinutes = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** '22:30' - 5 -> '22:25'; never before midnight ('00:03' - 5 -> '00:00'); null for a bad time. */
export function minusMinutes(hhmm: string, minutes: number): string | null {
  const total = toMinutes(hhmm);
  return total === null ? null : fromMinutes(Math.max(0, total - minutes));
}

/** The days sorted in the week's display order (Monday first). */
export const inWeekOrder = (days: readonly number[]) => WEEK_ORDER.filter((d) => days.includes(d));

/** The official time to show for a source: in the company's zone when known, else the state's. */
export const sourceTime = (s: DrawSource) => s.local_draw_time ?? s.draw_time;

/**
 * What picking a source proposes: its name (unless the person typed another one), its days, and the
 * close time the company's `sales_close_minutes` before the official draw in the company's zone.
 */
export function proposalFor(
  source: DrawSource,
  current: { name: string; previousSourceName: string | null },
): { name: string | null; days: number[]; close_time: string | null } {
  const typed = current.name.trim();
  const keepName = typed !== '' && typed !== current.previousSourceName;
  return {
    name: keepName ? null : source.name,
    days: [...source.days],
    close_time: minusMinutes(sourceTime(source), source.sales_close_minutes ?? SALES_CLOSE_MINUTES),
  };
}

/** Close time after the official draw: sales stop at the draw anyway (the form warns). */
export function closesAfterDraw(closeTime: string, drawTime: string | null | undefined): boolean {
  if (!drawTime) return false;
  const close = toMinutes(closeTime);
  const draw = toMinutes(drawTime);
  return close !== null && draw !== null && close > draw;
}
