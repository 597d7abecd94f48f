/**
 * The first segment of the query keys several features share: a feature's lists and records start with
 * its key, the pickers of other features read its options under the same key, and a write elsewhere
 * (a wallet movement refreshes the reports) invalidates it.
 */
export const AGENTS_KEY = ['agents'] as const;
export const COUNTRIES_KEY = ['countries'] as const;
export const CITIES_KEY = ['generals', 'cities'] as const;
export const REPORTS_KEY = ['reports'] as const;
export const TIRAGES_KEY = ['tirages'] as const;
