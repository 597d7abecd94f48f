import { z } from 'zod';
import { type Access, endpoint } from '../endpoint';
import { COMPANY_CODENAMES } from '../permissions';
import { okBody } from './common';
import { blockBody, deleteTarget, idBody, optionalText, passwordBody, unlockResult } from './list';

/**
 * Fields shared by the people of a company (supervisors, agents): names, sign-in name, password,
 * rates. Used by the server to validate and by the web forms.
 */

export const personName = (label: string) =>
  z
    .string({ error: `${label} est requis` })
    .trim()
    .min(1, `${label} est requis`)
    .max(80, `${label} est trop long (80 caractères au plus)`);

/** One sign-in name across the platform (case-insensitive); no spaces or accents, so POS keyboards can type it. */
export const usernameField = z
  .string({ error: 'Le nom d’utilisateur est requis' })
  .trim()
  .min(3, 'Le nom d’utilisateur doit compter 3 caractères au moins')
  .max(150, 'Le nom d’utilisateur est trop long (150 caractères au plus)')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Lettres, chiffres et . _ - @ seulement (sans espace ni accent)');

export const newPasswordField = z
  .string({ error: 'Le mot de passe est requis' })
  .min(8, 'Le mot de passe doit compter 8 caractères au moins')
  .max(128, 'Le mot de passe est trop long (128 caractères au plus)');

export const optionalEmail = optionalText(200, 'L’adresse e-mail').refine(
  (v) => v === null || z.email().safeParse(v).success,
  'Adresse e-mail invalide',
);

/** A person's status that a form may set; « archived » is reached through DELETE only. */
export const personStatus = z.enum(['active', 'blocked'], { error: 'Le statut doit être « active » ou « blocked »' });

/** Commission rate in basis points (1000 = 10 %); null = the company's default. */
export const commissionBp = z.coerce
  .number({ error: 'La commission doit être un nombre' })
  .int('La commission doit être un nombre entier de points de base')
  .min(0, 'La commission ne peut pas être négative')
  .max(10_000, 'La commission est de 100 % au plus');

/** Percent (form, up to 2 decimals) <-> basis points (API). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

/** A single value (one multipart field) or an array: always an array. */
const asArray = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/** Ids of records of the company (sub-branches...). */
export const idList = (label: string, max = 200) =>
  z.preprocess(
    asArray,
    z
      .array(
        z.coerce
          .number({ error: `${label} : identifiant invalide` })
          .int(`${label} : identifiant invalide`)
          .positive(`${label} : identifiant invalide`),
      )
      .max(max, `${max} au plus`),
  );

const companySet = new Set<string>(COMPANY_CODENAMES);

/** Codenames a company may grant its supervisors: anything else (platform, point of sale, unknown) is refused. */
export const companyCodenames = z.preprocess(
  asArray,
  z
    .array(z.string({ error: 'Permission invalide' }).max(60, 'Permission invalide'))
    .max(200, 'Trop de permissions')
    .superRefine((list, ctx) => {
      const bad = list.filter((c) => !companySet.has(c));
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `Permission inconnue ou non attribuable à un superviseur : ${bad.slice(0, 5).join(', ')}`,
        });
      }
    })
    .transform((list) => [...new Set(list)].sort()),
);

interface PersonWrite<A extends Access> {
  access: A;
  summary: string;
}

/**
 * The writes every kind of person has, under `path`: DELETE (archive; the id in the body or the
 * query), POST `/block` (answers the person, `item`), POST `/password` (answers `{ ok: true }`) and
 * POST `/unlock` (lifts its sign-in throttling; answers `{ ok: true, cleared }`).
 */
export function personWriteEndpoints<
  const P extends string,
  T extends z.ZodType,
  AA extends Access,
  AB extends Access,
  AP extends Access,
  AU extends Access,
>(o: {
  path: P;
  tag: string;
  item: T;
  archive: PersonWrite<AA>;
  block: PersonWrite<AB>;
  password: PersonWrite<AP>;
  unlock: PersonWrite<AU>;
}) {
  const { path, tag } = o;
  return {
    archive: endpoint({ method: 'DELETE', path, tag, ...o.archive, ...deleteTarget, response: okBody }),
    block: endpoint({ method: 'POST', path: `${path}/block`, tag, ...o.block, body: blockBody, response: o.item }),
    password: endpoint({
      method: 'POST',
      path: `${path}/password`,
      tag,
      ...o.password,
      body: passwordBody,
      response: okBody,
    }),
    unlock: endpoint({
      method: 'POST',
      path: `${path}/unlock`,
      tag,
      ...o.unlock,
      body: idBody,
      response: unlockResult,
    }),
  };
}
