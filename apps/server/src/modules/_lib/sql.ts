/** Builds parameterised SQL: `q.p(value)` adds a parameter and returns its `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];
  p(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A LIKE pattern matching `term` anywhere, with %, _ and \ escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
