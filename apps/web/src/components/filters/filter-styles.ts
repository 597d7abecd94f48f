/** Width of a field in a filter row: it wraps on phones, a fixed width on larger screens. */
export const filterField = { flex: { xs: '1 1 140px', sm: '0 0 170px' } } as const;

/** The label stays above the field (an empty select shows « Tous », a date field its own mask). */
export const shrink = { inputLabel: { shrink: true } } as const;
