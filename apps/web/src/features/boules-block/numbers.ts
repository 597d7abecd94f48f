import type { BouleBlock } from '@borlette/shared/contracts/boules-block';

export type BlockKind = BouleBlock['kind'];
export type BlockProblem = 'format' | 'sameBall' | 'duplicate';

export interface ParsedNumber {
  /** As typed. */
  raw: string;
  /** Normalised (mariage: smaller ball first); null when refused. */
  value: string | null;
  kind: BlockKind | null;
  problem: BlockProblem | null;
}

/** What a blocked number covers: 2 digits = the ball and its mariages; 12*34; 3, 4, 5 digits = loto. */
export function blockKind(value: string): BlockKind {
  if (value.includes('*')) return 'mariage';
  return value.length === 2 ? 'boule' : (`loto${value.length}` as BlockKind);
}

/** One number as the contract's blockNumber accepts it, normalised, or why not. */
export function checkBlockNumber(raw: string): { value: string; kind: BlockKind } | { problem: BlockProblem } {
  const v = raw.replace(/\s+/g, '');
  if (!/^\d{2}$|^\d{2}\*\d{2}$|^\d{3,5}$/.test(v)) return { problem: 'format' };
  if (v.includes('*')) {
    const [a, b] = v.split('*');
    if (a === b) return { problem: 'sameBall' };
    const value = a < b ? `${a}*${b}` : `${b}*${a}`;
    return { value, kind: 'mariage' };
  }
  return { value: v, kind: blockKind(v) };
}

/**
 * « 12 34 56*78, 123 » -> one entry per number (spaces around * belong to the mariage); a number
 * given twice (34*12 after 12*34 too) is reported once as a duplicate.
 */
export function parseBlockNumbers(text: string): ParsedNumber[] {
  const tokens = text
    .replace(/\s*\*\s*/g, '*')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const seen = new Set<string>();
  return tokens.map((raw) => {
    const checked = checkBlockNumber(raw);
    if ('problem' in checked) return { raw, value: null, kind: null, problem: checked.problem };
    if (seen.has(checked.value)) return { raw, value: checked.value, kind: checked.kind, problem: 'duplicate' };
    seen.add(checked.value);
    return { raw, value: checked.value, kind: checked.kind, problem: null };
  });
}
