import type { ResultState } from '@borlette/shared/contracts/results';

/**
 * The trust of one state session's result on one date, from what the sources said (pure: the board,
 * the poller and the confirmation derive it alike).
 *
 * - No source yet: day_off (no draw that day), waiting, or late (`lateAfterMin` past the official time);
 *   manual when the numbers were published by hand (« Tirage automatique ») with no source.
 * - One set of numbers: provisional from one source, confirmed from two or more.
 * - Sources disagree: conflict, nothing new applied.
 * - The superuser's decision (confirm, or entry by hand) stands: confirmed when a source agrees, manual
 *   otherwise; a source that gives other numbers *after* the decision makes it a conflict again (the
 *   decided numbers stay applied until the superuser decides again). Numbers a source gave before the
 *   decision were seen by whoever decided.
 * A later change where all sources agree again is a correction: confirmed with the new numbers, applied
 * through the publication's correction path (new version, re-settlement, paid tickets kept unless
 * confirmed). A change by one source only is a conflict first.
 */

export interface SourceSaid {
  provider_code: string;
  pick3: string;
  pick4: string;
  first_seen_at: string;
}

export interface StateInput {
  dayOff: boolean;
  officialAt: Date;
  now: Date;
  lateAfterMin: number;
  observations: SourceSaid[];
  decision: { pick3: string; pick4: string; at: string } | null;
  /** The platform result in force (draw_results), whoever published it. */
  published: { pick3: string; pick4: string } | null;
}

export interface Derived {
  state: ResultState;
  pick3: string | null;
  pick4: string | null;
  /** The providers giving the numbers in force. */
  sources: string[];
  /** When the numbers in force first came from a source. */
  arrivedAt: string | null;
}

const key = (o: { pick3: string; pick4: string }) => `${o.pick3}-${o.pick4}`;

export function deriveState(i: StateInput): Derived {
  const agreeing = (n: { pick3: string; pick4: string }) => i.observations.filter((o) => key(o) === key(n));
  const arrived = (list: SourceSaid[]) =>
    list.length ? list.map((o) => o.first_seen_at).reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
  const derived = (state: ResultState, n: { pick3: string; pick4: string } | null, list: SourceSaid[]): Derived => ({
    state,
    pick3: n?.pick3 ?? null,
    pick4: n?.pick4 ?? null,
    sources: list.map((o) => o.provider_code).sort(),
    arrivedAt: arrived(list),
  });

  if (i.decision) {
    const d = i.decision;
    const since = Date.parse(d.at);
    const newer = i.observations.filter((o) => key(o) !== key(d) && Date.parse(o.first_seen_at) > since);
    const list = agreeing(d);
    if (newer.length) return derived('conflict', d, list);
    return derived(list.length ? 'confirmed' : 'manual', d, list);
  }
  const values = new Map<string, SourceSaid[]>();
  for (const o of i.observations) values.set(key(o), [...(values.get(key(o)) ?? []), o]);
  if (values.size === 0) {
    if (i.published) return derived('manual', i.published, []);
    if (i.dayOff) return derived('day_off', null, []);
    const late = i.now.getTime() >= i.officialAt.getTime() + i.lateAfterMin * 60_000;
    return derived(late ? 'late' : 'waiting', null, []);
  }
  if (values.size > 1) return derived('conflict', i.published, i.published ? agreeing(i.published) : []);
  const [list] = [...values.values()];
  return derived(list.length >= 2 ? 'confirmed' : 'provisional', list[0], list);
}

/** What the pipeline applies to the companies' draws by itself (a decision is applied when taken). */
export function applies(state: ResultState, mode: 'confirmed' | 'provisional'): boolean {
  return state === 'confirmed' || (state === 'provisional' && mode === 'provisional');
}
