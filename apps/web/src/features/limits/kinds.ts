import { type LimitKind, type LimitKindEndpoints, limitEndpoints } from '@borlette/shared/contracts/limits';

/**
 * The four sale-limit kinds of the spec (routes under /dashboard/borlette-configuration, endpoints of
 * contracts/limits.ts): one set of pages, parameterised by this table.
 */
export interface LimitKindDef {
  kind: LimitKind;
  /** The list path (DASHBOARD_SCREENS). */
  path: string;
  /** The kind's endpoints (GET page / ?id=, POST, PUT, DELETE, POST /block) and their codenames. */
  endpoints: LimitKindEndpoints;
  /** Per agent. */
  agent: boolean;
  /** One number of a game (a ball limit). */
  ball: boolean;
  /** Title keys in the nav namespace. */
  title: 'limite_game' | 'limite_game_agent' | 'limite_boule' | 'limite_boule_agent';
  csv: string;
}

const BASE = '/dashboard/borlette-configuration';

const def = (kind: LimitKind, slug: string, title: LimitKindDef['title'], csv: string): LimitKindDef => ({
  kind,
  path: `${BASE}/${slug}`,
  endpoints: limitEndpoints[kind],
  agent: kind.endsWith('-agent'),
  ball: kind.startsWith('boule'),
  title,
  csv,
});

export const LIMIT_KINDS: Record<LimitKind, LimitKindDef> = {
  game: def('game', 'limite-game', 'limite_game', 'limites-jeu.csv'),
  'game-agent': def('game-agent', 'limite-game-per-agent', 'limite_game_agent', 'limites-jeu-vendeur.csv'),
  boule: def('boule', 'limite-boule', 'limite_boule', 'limites-boule.csv'),
  'boule-agent': def('boule-agent', 'limite-boule-per-agent', 'limite_boule_agent', 'limites-boule-vendeur.csv'),
};

/** The kind of a concrete path ('/dashboard/borlette-configuration/limite-boule/3/edit' -> 'boule'). */
export function kindOfPath(pathname: string): LimitKindDef | null {
  const slug = pathname.slice(BASE.length + 1).split('/')[0];
  return Object.values(LIMIT_KINDS).find((k) => k.path === `${BASE}/${slug}`) ?? null;
}
