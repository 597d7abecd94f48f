/** From this share of the maximum on, the sold-today bar turns to the warning colour. */
export const NEAR_LIMIT = 0.8;

/** The colour of what is sold against a limit (a maximum of 0 closes the number: red). */
export function soldLevel(sold: number, max: number): 'success' | 'warning' | 'error' {
  if (max === 0 || sold >= max) return 'error';
  return sold / max >= NEAR_LIMIT ? 'warning' : 'success';
}
