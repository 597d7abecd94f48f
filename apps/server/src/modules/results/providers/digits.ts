import type { Observation, SessionCode, StateCode } from './types';

/** The sessions each state draws (draw_sources): a provider never reports another. */
export const STATE_SESSIONS: Record<StateCode, readonly SessionCode[]> = {
  NY: ['midi', 'soir'],
  FL: ['midi', 'soir'],
  GA: ['midi', 'soir', 'nuit'],
  TN: ['matin', 'midi', 'soir'],
  TX: ['matin', 'midi', 'soir', 'nuit'],
};

/**
 * A number the source may have written without its leading zeros ("21" for 0-2-1, 7 for 007), padded
 * back to `length` digits; null when it is not 1..length digits.
 */
export function padDigits(raw: unknown, length: number): string | null {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof text !== 'string') return null;
  const t = text.trim();
  return new RegExp(`^\\d{1,${length}}$`).test(t) ? t.padStart(length, '0') : null;
}

/** Single digits (numbers or strings "0".."9") joined; null unless exactly `length` of them. */
export function joinDigits(parts: readonly unknown[], length: number): string | null {
  if (parts.length !== length) return null;
  let out = '';
  for (const p of parts) {
    const s = typeof p === 'number' ? String(p) : typeof p === 'string' ? p.trim() : '';
    if (!/^\d$/.test(s)) return null;
    out += s;
  }
  return out;
}

export const isIsoDate = (s: unknown): s is string =>
  typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** MM/DD/YYYY (the US sources' dates) as YYYY-MM-DD, or null. */
export function usDate(month: unknown, day: unknown, year: unknown): string | null {
  const [m, d, y] = [month, day, year].map((v) => Number(typeof v === 'string' ? v.trim() : v));
  if (![m, d, y].every(Number.isInteger) || y < 1900 || y > 2999) return null;
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const back = new Date(`${iso}T00:00:00Z`);
  return back.getUTCMonth() + 1 === m && back.getUTCDate() === d ? iso : null;
}

/**
 * Pick 3 and Pick 4 come apart in most sources (two games, sometimes two files): halves are gathered
 * by (date, session); a whole pair is an observation, a lone half is a problem (a late row, usually).
 */
export class PairCollector {
  private readonly halves = new Map<string, { pick3?: string; pick4?: string }>();
  constructor(
    private readonly state: StateCode,
    private readonly wanted: ReadonlySet<string>,
  ) {}

  add(drawDate: string, session: SessionCode, game: 'pick3' | 'pick4', digits: string): void {
    if (this.wanted.size > 0 && !this.wanted.has(drawDate)) return;
    const key = `${drawDate}|${session}`;
    const half = this.halves.get(key) ?? {};
    half[game] = digits;
    this.halves.set(key, half);
  }

  result(problems: string[]): Observation[] {
    const out: Observation[] = [];
    for (const [key, half] of this.halves) {
      const [drawDate, session] = key.split('|') as [string, SessionCode];
      if (half.pick3 && half.pick4) {
        out.push({ state: this.state, session, drawDate, pick3: half.pick3, pick4: half.pick4 });
      } else {
        problems.push(`${this.state} ${session} ${drawDate} : ${half.pick3 ? 'Pick 4' : 'Pick 3'} pas encore publié`);
      }
    }
    return out.sort((a, b) => a.drawDate.localeCompare(b.drawDate) || a.session.localeCompare(b.session));
  }
}

/** At most this many problems are listed one by one (a broken history file could have thousands). */
export const MAX_PROBLEMS = 50;
export function addProblem(problems: string[], text: string): void {
  if (problems.length < MAX_PROBLEMS) problems.push(text);
  else if (problems.length === MAX_PROBLEMS) problems.push('… (autres lignes illisibles non listées)');
}
