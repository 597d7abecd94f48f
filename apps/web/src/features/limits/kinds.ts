import type { LimitKind } from '@borlette/shared/contracts/limits';
import type { Codename } from '@borlette/shared/permissions';

/**
 * The four sale-limit kinds of the spec (routes under /dashboard/borlette-configuration, endpoints of
 * contracts/limits.ts): one set of pages, parameterised by this table.
 */
export interface LimitKindDef {
  kind: LimitKind;
  /** The list path (DASHBOARD_SCREENS). */
  path: string;
  /** The API endpoint (GET page / ?id=, POST, PUT, DELETE, POST /block). */
  url: string;
  view: Codename;
  add: Codename;
  change: Codename;
  block: Codename;
  /** Per agent. */
  agent: boolean;
  /** One number of a game (a ball limit). */
  ball: boolean;
  /** Title keys in the nav namespace. */
  title: 'limite_game' | 'limite_game_agent' | 'limite_boule' | 'limite_boule_agent';
  csv: string;
}

const BASE = '/dashboard/borlette-configuration';

const def = (
  kind: LimitKind,
  slug: string,
  url: string,
  entity: 'typegame' | 'typegameagent' | 'typeboule' | 'typebouleagent',
  block: Codename,
  title: LimitKindDef['title'],
  csv: string,
): LimitKindDef => ({
  kind,
  path: `${BASE}/${slug}`,
  url: `/api/companies/${url}`,
  view: `view_${entity}`,
  add: `add_${entity}`,
  change: `change_${entity}`,
  block,
  agent: kind.endsWith('-agent'),
  ball: kind.startsWith('boule'),
  title,
  csv,
});

export const LIMIT_KINDS: Record<LimitKind, LimitKindDef> = {
  game: def('game', 'limite-game', 'type-games', 'typegame', 'block_limite_game', 'limite_game', 'limites-jeu.csv'),
  'game-agent': def(
    'game-agent',
    'limite-game-per-agent',
    'type-games-agent',
    'typegameagent',
    'block_limite_game_agent',
    'limite_game_agent',
    'limites-jeu-vendeur.csv',
  ),
  boule: def(
    'boule',
    'limite-boule',
    'type-boules',
    'typeboule',
    'block_limite_boule',
    'limite_boule',
    'limites-boule.csv',
  ),
  'boule-agent': def(
    'boule-agent',
    'limite-boule-per-agent',
    'type-boules-agent',
    'typebouleagent',
    'block_limite_boule_agent',
    'limite_boule_agent',
    'limites-boule-vendeur.csv',
  ),
};

/** The kind of a concrete path ('/dashboard/borlette-configuration/limite-boule/3/edit' -> 'boule'). */
export function kindOfPath(pathname: string): LimitKindDef | null {
  const slug = pathname.slice(BASE.length + 1).split('/')[0];
  return Object.values(LIMIT_KINDS).find((k) => k.path === `${BASE}/${slug}`) ?? null;
}
