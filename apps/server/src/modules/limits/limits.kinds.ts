import type { Codename } from '@borlette/shared';
import type { LimitKind } from '@borlette/shared/contracts/limits';

/**
 * The four sale limit kinds (domain.md « Limits and blocking ») over the one table `sale_limits`:
 * which columns are set says the kind (agent_id: per agent; number: one ball). The sale applies them
 * in borlette_count (migration 0004); this module only keeps them.
 */
export interface KindDef {
  kind: LimitKind;
  path: string;
  /** view_ / add_ / change_ + this (spec §6). */
  entity: 'typegame' | 'typegameagent' | 'typeboule' | 'typebouleagent';
  block: Codename;
  agent: boolean;
  ball: boolean;
  /** French name of the list (OpenAPI summaries, CSV file name). */
  label: string;
  csv: string;
}

export const KINDS: KindDef[] = [
  {
    kind: 'game',
    path: '/api/companies/type-games',
    entity: 'typegame',
    block: 'block_limite_game',
    agent: false,
    ball: false,
    label: 'Limites par jeu',
    csv: 'limites-jeu',
  },
  {
    kind: 'game-agent',
    path: '/api/companies/type-games-agent',
    entity: 'typegameagent',
    block: 'block_limite_game_agent',
    agent: true,
    ball: false,
    label: 'Limites par jeu et par vendeur',
    csv: 'limites-jeu-vendeur',
  },
  {
    kind: 'boule',
    path: '/api/companies/type-boules',
    entity: 'typeboule',
    block: 'block_limite_boule',
    agent: false,
    ball: true,
    label: 'Limites par boule',
    csv: 'limites-boule',
  },
  {
    kind: 'boule-agent',
    path: '/api/companies/type-boules-agent',
    entity: 'typebouleagent',
    block: 'block_limite_boule_agent',
    agent: true,
    ball: true,
    label: 'Limites par boule et par vendeur',
    csv: 'limites-boule-vendeur',
  },
];
