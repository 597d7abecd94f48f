/**
 * An SVG path of a QR code's dark modules (one rectangle per horizontal run), drawn by React from the
 * matrix that the `qrcode` package computes — no HTML string is injected into the page.
 */
export interface Matrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

/** Path in module units, shifted by `margin` modules (the quiet zone); the viewBox is size + 2 × margin. */
export function qrPath(matrix: Matrix, margin = 2): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.get(row, col)) col++;
      const run = col - start;
      parts.push(`M${start + margin} ${row + margin}h${run}v1h-${run}z`);
    }
  }
  return parts.join('');
}
