import type { ProviderKind, ProviderSettings, ResultProvider } from './types';

/**
 * The providers by kind. This registry knows the manual provider (Tennessee by hand: nothing to fetch);
 * the providers of the real sources and the sandbox feed register here beside it (issue 21 §1).
 */
const manual: ResultProvider = {
  kind: 'manual',
  fetchResults: async () => ({ httpStatus: null, observations: [], problems: [], excerpt: '' }),
};

const PROVIDERS: Partial<Record<ProviderKind, ResultProvider>> = { manual };

export function providerFor(kind: ProviderKind): ResultProvider {
  const provider = PROVIDERS[kind];
  if (!provider) throw new Error(`Aucun fournisseur de résultats pour « ${kind} ».`);
  return provider;
}

/** The HTTP client of a provider's requests. */
export function fetchFor(_settings: ProviderSettings): typeof fetch {
  return fetch;
}
