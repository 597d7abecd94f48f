import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActionLabel,
  isAuditAction,
} from '@borlette/shared/contracts/audit-actions';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, ext);
    return path.endsWith(ext) && !path.includes('.test.') && !path.includes('fixtures') ? [path] : [];
  });
}

/** The words the TypeScript code passes as `action:` in files that write the audit trail. */
function tsActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of files(SRC, '.ts')) {
    const text = readFileSync(path, 'utf8');
    if (!/\baudit\(/.test(text)) continue;
    for (const m of text.matchAll(/\baction:\s*([^,\n}]+)/g)) {
      // The words of the expression, not those it compares with (`status === 'cancelled' ? 'cancel' : …`).
      for (const w of m[1].matchAll(/(?<![=!]==\s*)'([a-z_]+)'/g)) found.set(w[1], path);
    }
  }
  return found;
}

/** Split a SQL list at its top-level commas (values hold function calls). */
function topLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** The action written by every `INSERT INTO audit_log (…) VALUES (…)` of the migrations (plpgsql). */
function sqlActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of files(join(SRC, 'db', 'migrations'), '.sql')) {
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/INSERT INTO audit_log\s*\(([^)]*)\)\s*(VALUES\s*\(|SELECT\s)/gi)) {
      const columns = m[1].split(',').map((c) => c.trim());
      const at = columns.indexOf('action');
      expect(at, `${path}: an audit_log insert without an action column`).toBeGreaterThanOrEqual(0);
      // The value list: after VALUES ( to its matching parenthesis, or after SELECT to its FROM.
      const start = (m.index ?? 0) + m[0].length;
      const select = /^SELECT/i.test(m[2]);
      let depth = select ? 0 : 1;
      let end = start;
      while (end < text.length) {
        if (text[end] === '(') depth++;
        if (text[end] === ')') depth--;
        if (!select && depth === 0) break;
        if (select && depth === 0 && /^\sFROM\s/i.test(text.slice(end, end + 6))) break;
        end++;
      }
      const value = topLevel(text.slice(start, end))[at] ?? '';
      const literal = /^'([a-z_]+)'$/.exec(value);
      expect(literal, `${path}: the action of an audit_log insert must be a literal (got ${value})`).not.toBeNull();
      if (literal) found.set(literal[1], path);
    }
  }
  return found;
}

describe('audit actions', () => {
  it('each has a French label of its own', () => {
    for (const action of AUDIT_ACTIONS) {
      const label = AUDIT_ACTION_LABELS[action];
      expect(label.trim().length, action).toBeGreaterThan(2);
      expect(label, action).not.toBe(action);
      expect(auditActionLabel(action)).toBe(label);
    }
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
    expect(auditActionLabel('some_old_word')).toBe('some_old_word');
  });

  it('every action the server writes (TypeScript and SQL) is in the catalogue, so it has a label', () => {
    const written = new Map([...tsActions(), ...sqlActions()]);
    // The scan finds them (a broken scan would pass vacuously).
    for (const known of ['pay', 'cancel', 'delete', 'login', 'payment_reversed', 'change_password']) {
      expect(written.has(known), known).toBe(true);
    }
    const missing = [...written].filter(([w]) => !isAuditAction(w)).map(([w, path]) => `${w} (${path})`);
    expect(missing, 'add these to packages/shared/src/contracts/audit-actions.ts with a French label').toEqual([]);
  });
});
