import { type LimitKind, type LimitKindEndpoints, limitEndpoints } from '@borlette/shared/contracts/limits';

/**
 * The four sale limit kinds (docs/domain.md « Limits and blocking ») over the one table `sale_limits`:
 * which columns are set says the kind (agent_id: per agent; number: one ball). The sale applies them
 * in borlette_count (migration 0004); this module only keeps them. Paths, codenames and summaries are
 * the contract's (contracts/limits.ts `limitEndpoints`, generated from its table of kinds).
 */
export interface KindDef {
  kind: LimitKind;
  endpoints: LimitKindEndpoints;
  agent: boolean;
  ball: boolean;
  /** CSV file name. */
  csv: string;
}

const kind = (k: LimitKind, csv: string): KindDef => ({
  kind: k,
  endpoints: limitEndpoints[k],
  agent: k.endsWith('-agent'),
  ball: k.startsWith('boule'),
  csv,
});

export const KINDS: KindDef[] = [
  kind('game', 'limites-jeu'),
  kind('game-agent', 'limites-jeu-vendeur'),
  kind('boule', 'limites-boule'),
  kind('boule-agent', 'limites-boule-vendeur'),
];
