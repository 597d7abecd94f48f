/**
 * The statistics' pure parts: the 10×10 grid of the bolet balls, the colour scale of the heat map,
 * the exposure of a number to its limit (the table is paged, searched and sorted by the server). Unit-tested.
 */
import { formatNumber } from '../../../lib/format';

export interface BoletCell {
  number: string;
  amount: number;
  /** The company limit of that ball (the tightest over the draws), null without one. */
  limit: number | null;
  /** Blocked now (blocage-boule): on every draw asked, on some draws only, or not. */
  blocked: 'all' | 'some' | null;
}

const BALLS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * The balls 00-99 as ten rows of ten (row = tens digit), whatever the answer holds: a missing ball is
 * 0; the limits come from the rows of game 20; the blocks from the grid's marks.
 */
export function boletGrid(
  bolet: { number: string; amount: number; limit?: number | null; blocked?: 'all' | 'some' | null }[],
): BoletCell[][] {
  const byBall = new Map(bolet.map((b) => [b.number, b]));
  const cells = BALLS.map((number) => ({
    number,
    amount: byBall.get(number)?.amount ?? 0,
    limit: byBall.get(number)?.limit ?? null,
    blocked: byBall.get(number)?.blocked ?? null,
  }));
  return Array.from({ length: 10 }, (_, r) => cells.slice(r * 10, r * 10 + 10));
}

export const HEAT_STEPS = 6;

/**
 * The level of an amount on the scale 0..steps: 0 only for nothing sold, then by the square root of
 * its share of the largest (small amounts stay visible beside a big one), at least 1.
 */
export function heatLevel(amount: number, max: number, steps = HEAT_STEPS): number {
  if (amount <= 0 || max <= 0) return 0;
  return Math.min(steps, Math.max(1, Math.ceil(Math.sqrt(Math.min(1, amount / max)) * steps)));
}

/** The smallest amount of each level (the legend): level k starts above max × ((k−1)/steps)². */
export function heatLegend(max: number, steps = HEAT_STEPS): { level: number; from: number }[] {
  if (max <= 0) return [{ level: 0, from: 0 }];
  return [
    { level: 0, from: 0 },
    ...Array.from({ length: steps }, (_, i) => ({ level: i + 1, from: Math.floor(max * (i / steps) ** 2) + 1 })),
  ];
}

/** '#2065D1' -> [32, 101, 209]. */
export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * A level's background (the base colour, more opaque as the level rises) and a readable text colour:
 * white on the strong levels, the theme's text otherwise.
 */
export function heatColors(level: number, base: string, steps = HEAT_STEPS): { bg: string; strong: boolean } {
  if (level <= 0) return { bg: 'transparent', strong: false };
  const [r, g, b] = hexToRgb(base);
  const alpha = 0.12 + 0.88 * (level / steps);
  return { bg: `rgba(${r}, ${g}, ${b}, ${alpha.toFixed(2)})`, strong: alpha >= 0.6 };
}

/** The share of its limit a number has taken, in % (null without a limit). */
export function exposure(amount: number, limit: number | null): number | null {
  if (limit === null || limit <= 0) return null;
  return (amount / limit) * 100;
}

/**
 * An exposure as the page writes it, in the table and on the « Le plus exposé » card alike: one
 * decimal at most (« 4,5 » and not « 5 » on the card next to « 4,5 » in the table; « 0,4 », not « 0 »).
 */
export const exposureText = (pct: number, language = 'fr') => formatNumber(pct, language, { maximumFractionDigits: 1 });

/** Green under half the limit, orange from half, red from 80 %. */
export function exposureTone(pct: number | null): 'success' | 'warning' | 'error' | undefined {
  if (pct === null) return undefined;
  return pct >= 80 ? 'error' : pct >= 50 ? 'warning' : 'success';
}
