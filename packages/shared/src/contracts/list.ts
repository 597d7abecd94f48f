import { z } from 'zod';

/**
 * The largest page of any list: a platform ceiling, not a company setting. A page is for a screen;
 * list rows are summaries of fixed size (a ticket's lines come with the ticket, never in a list), so
 * this bounds what one request can make the server build (issue 15). Exports are CSV_MAX_ROWS.
 */
export const LIST_MAX_PAGE_SIZE = 100;

/** Query of every list endpoint (see docs/conventions.md). */
export const listQuery = z.object({
  page: z.coerce
    .number({ error: 'La page doit être un nombre' })
    .int('La page doit être un entier')
    .min(1, 'La page commence à 1')
    .max(100_000, 'Page trop grande')
    .default(1),
  page_size: z.coerce
    .number({ error: 'La taille de page doit être un nombre' })
    .int('La taille de page doit être un entier')
    .min(1, 'La taille de page doit être au moins 1')
    .max(LIST_MAX_PAGE_SIZE, `La taille de page est de ${LIST_MAX_PAGE_SIZE} au plus`)
    .default(25),
  search: z.string().trim().max(100, 'La recherche est trop longue (100 caractères au plus)').optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('asc'),
  format: z.enum(['json', 'csv'], { error: 'Le format doit être « json » ou « csv »' }).default('json'),
});
export type ListQuery = z.infer<typeof listQuery>;
export type ListQueryInput = z.input<typeof listQuery>;

/**
 * The sort keys a list accepts, as an enum: the web picks from the same list, and the server's
 * whitelist (`ListSource.sortable`) is typed by it. An unknown key is a 400 on `sort`.
 */
export const sortKeys = <const K extends readonly [string, ...string[]]>(keys: K) =>
  z.enum(keys, { error: `Colonne de tri inconnue (possibles : ${keys.join(', ')})` }).optional();

/** The sort keys of a list query (`SortKey<typeof surcussaleListQuery>`). */
export type SortKey<Q extends z.ZodType> = NonNullable<z.output<Q> extends { sort?: infer K } ? K : never>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), count: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export interface Page<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
}

/** `{ id }` of DELETE bodies and block calls. */
export const idBody = z.object({
  id: z.coerce.number({ error: 'L’identifiant est requis' }).int().positive('Identifiant invalide'),
});
export const blockBody = idBody.extend({
  blocked: z.boolean({ error: 'Le champ « blocked » doit être vrai ou faux' }),
});
/** A DELETE names its record in the body `{ id }` (the spec's form) or in the query `?id=`. */
export const deleteTarget = { body: idBody.nullish(), query: idBody.partial() };

export const passwordBody = idBody.extend({
  password: z
    .string({ error: 'Le mot de passe est requis' })
    .min(8, 'Le mot de passe doit compter 8 caractères au moins')
    .max(128, 'Le mot de passe est trop long (128 caractères au plus)'),
});

/**
 * Answer of POST <base>/unlock (`idBody`): the sign-in failures cleared for that account (0: it was not
 * throttled). Guarded by the codename that changes that account's password.
 */
export const unlockResult = z.object({ ok: z.literal(true), cleared: z.number().int().nonnegative() });
export type UnlockResult = z.infer<typeof unlockResult>;

/** Status of people and places: archived people are kept for the history, hidden by default. */
export const recordStatus = z.enum(['active', 'blocked', 'archived']);
export type RecordStatus = z.infer<typeof recordStatus>;

/** Optional text that an empty form field sends as '': stored as null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} est trop long (${max} caractères au plus)`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
