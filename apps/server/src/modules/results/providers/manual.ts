import type { ResultProvider } from './types';

/** Tennessee has no stable public feed: its results are typed by the superuser; nothing is fetched. */
export const manualProvider: ResultProvider = {
  kind: 'manual',
  fetchResults: async () => ({ httpStatus: null, observations: [], problems: [], excerpt: '' }),
};
