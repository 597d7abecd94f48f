/** Public-area constants (docs/spec.md §9: landing header scroll threshold 100 px). */
export const HEADER_SCROLL_THRESHOLD = 100;

/** Header heights (px): tall at the top of the page, compact once scrolled / on phones. */
export const HEADER_HEIGHT = { mobile: 64, desktop: 80 } as const;

export const LOGIN_PATH = '/auth/login';

export const CONTACT = {
  email: 'contact@borlette.ht',
  /** Display form and tel: form of the public phone number. */
  phone: '+509 2940 0000',
  phoneHref: 'tel:+50929400000',
} as const;

/** US lotteries whose draws the product handles. */
export const LOTTERIES = ['ny', 'fl', 'ga', 'tn', 'tx'] as const;

/** The languages the public area is translated into (src/locales/<lng>/public.json). */
export const PUBLIC_LANGUAGES = ['fr', 'en', 'de', 'ht'] as const;
export type PublicLanguage = (typeof PUBLIC_LANGUAGES)[number];

/** FAQ entries, in display order (keys of faqs.items in public.json). */
export const FAQ_KEYS = [
  'tirage',
  'lotteries',
  'primes',
  'limits',
  'agents',
  'payouts',
  'security',
  'data',
  'languages',
  'pricing',
  'start',
] as const;
export type FaqKey = (typeof FAQ_KEYS)[number];

/** The FAQ entries shown on the landing page. */
export const FAQ_TEASER_KEYS: FaqKey[] = ['tirage', 'primes', 'agents', 'pricing'];
