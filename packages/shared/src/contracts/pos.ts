import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint, STANDARD_ERRORS } from '../endpoint';
import { agentClosing, closingQuery } from './closing';
import { errorBody } from './common';
import { dateRangeFields, requiredId } from './engine-common';
import { ficheNumber, ficheSummary, ficheView } from './fiches';
import { listQuery, pageOf } from './list';
import { agentMessage } from './messages';
import { money } from './money';
import { posConfig, saleAnswer, saleCheckAnswer, saleCheckInput, saleInput, saleRefusal } from './sale';

/**
 * The agents' API (point of sale, /api/agents/*): its queries and answers beside the sale's
 * (contracts/sale.ts), and its endpoints. Agents sign in with POST /api/user/auth/login like everyone;
 * `GET /api/agents/user` (session module) is the current agent.
 */

/** POST /api/agents/fiches/cancel {id} · /reprint {id}. */
export const ficheIdBody = z.object({ id: requiredId('La fiche') });
/** The symbols of a verification code: no 0/O nor 1/I, so that it is read and typed without doubt. */
export const VERIFICATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VERIFICATION_LENGTH = 8;
/** Typed as printed (ABCD-EFGH), in any case, with or without the dash and spaces. */
const verificationCode = z
  .string({ error: 'Code de vérification invalide' })
  .max(40, 'Code de vérification invalide')
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .refine((v) => new RegExp(`^[${VERIFICATION_ALPHABET}]{${VERIFICATION_LENGTH}}$`).test(v), {
    message: `Le code de vérification a ${VERIFICATION_LENGTH} caractères, comme imprimé sur le reçu (ex. ABCD-EFGH).`,
  });
/** The QR code's secret (the ref_code of the public link /fiche-view/{ref}). */
const qrSecret = z
  .string({ error: 'Code QR invalide' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Code QR invalide : scannez le code QR du reçu.');

/**
 * How an agent proves it holds the receipt: the QR's secret (`ref`), or the number AND the
 * verification code printed on it. A number alone is refused by the service (PROOF_REQUIRED).
 */
const payProof = { number: ficheNumber.optional(), code: verificationCode.optional(), ref: qrSecret.optional() };
/** POST /api/agents/fiches/pay {number, code} | {ref}. */
export const fichePayBody = z.object(payProof);
export type FichePayBody = z.input<typeof fichePayBody>;

/** GET /api/agents/fiche?number=&code= | ?ref= (a ticket of the company, with the receipt's proof) or ?id= (mine). */
export const ficheLookupQuery = z.object({
  ...payProof,
  id: z.coerce.number({ error: 'Fiche invalide' }).int().positive('Fiche invalide').optional(),
});

/**
 * GET /api/agents/fiches?date= (default today): the agent's own tickets, newest first. Only the page
 * and its size are read: the order is fixed, so no `sort` is offered (nor silently ignored).
 */
export const agentFichesQuery = listQuery
  .pick({ page: true, page_size: true })
  .extend({ date: dateRangeFields.start_date });

/**
 * GET /api/agents/fiches/escpos · /pdf ?id=&width=: one of the agent's tickets as printer bytes or as a
 * receipt-width PDF. The paper is 58 mm unless told (80 mm: the wide terminals).
 */
export const receiptQuery = z.object({
  id: requiredId('La fiche'),
  width: z
    .enum(['58', '80'], { error: 'Largeur de papier invalide : 58 ou 80 (mm).' })
    .default('58')
    .transform((w) => (w === '80' ? 80 : 58) as 58 | 80),
});

/** GET /api/agents/report?date=: the agent's day (sale date = its business day). */
export const agentDayReport = z.object({
  date: z.string(),
  tickets: z.number().int(),
  sales_amount: money,
  commission_amount: money,
  cancelled: z.number().int(),
  cancelled_amount: money,
  /** Winnings of its tickets of the day (paid or not) and what it paid out that day (any ticket). */
  win_amount: money,
  paid: z.number().int(),
  paid_amount: money,
  /** sales - payouts - commission: positive, the agent owes the company. */
  balance: money,
});
export type AgentDayReport = z.infer<typeof agentDayReport>;
export const agentReportQuery = z.object({ date: dateRangeFields.start_date });

const tag = 'point de vente';
const AGENT = ['agent'] as const;
/** Every agent call may also be throttled (wrong receipt proofs: pay-proof.ts). */
const errors = { ...STANDARD_ERRORS, 429: errorBody };

export const posEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/agents/config',
    tag,
    summary: 'Ce qu’il faut pour vendre : compagnie, vendeur, tirages ouverts, jeux, mariages gratuits',
    access: allow.permission('pos_sell', AGENT),
    response: posConfig,
    errors,
  }),
  sell: endpoint({
    method: 'POST',
    path: '/api/agents/fiches',
    tag,
    summary: 'Vendre une fiche (tout ou rien ; la même clé de vente rend la même fiche)',
    description:
      'Les paris sont joués sur chaque tirage choisi. Refus en français : tirage fermé, boule bloquée, ' +
      'limite atteinte (avec le montant encore possible), limite de fiche, option indisponible, ' +
      'vendeur / succursale / compagnie bloqués. La réponse est le premier problème ; `problems` les ' +
      'liste tous (chaque ligne, chaque tirage) et `fields["lines.<i>"]` désigne chaque ligne refusée.',
    access: allow.permission('pos_sell', AGENT),
    body: saleInput,
    response: saleAnswer,
    // The refusal names every problem of the ticket: its own schema, or they would be stripped.
    errors: { ...errors, 400: saleRefusal, 409: saleRefusal },
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/agents/fiches/check',
    tag,
    summary: 'Vérifier une fiche avant de la vendre, sans rien enregistrer ni compter',
    description:
      'Le corps de la vente (la clé de vente peut manquer). `problems` : ce que la vente refuserait maintenant ' +
      '(mêmes codes, messages et lignes) ; `cells` : par ligne et tirage, ses problèmes et ce qui reste sous les ' +
      'limites (`remaining`, null sans limite). Lecture seule : ni fiche, ni numéro, ni compteur, ni verrou ; ' +
      'la vente reste l’autorité.',
    access: allow.permission('pos_sell', AGENT),
    body: saleCheckInput,
    response: saleCheckAnswer,
    errors,
  }),
  fiches: endpoint({
    method: 'GET',
    path: '/api/agents/fiches',
    tag,
    summary: 'Mes fiches du jour (les plus récentes d’abord), sans leurs lignes (GET /api/agents/fiche?id=)',
    access: allow.permission('pos_sell', AGENT),
    query: agentFichesQuery,
    response: pageOf(ficheSummary),
    errors,
  }),
  fiche: endpoint({
    method: 'GET',
    path: '/api/agents/fiche',
    tag,
    summary: 'Une fiche : une des miennes par id, ou toute fiche de la compagnie avec la preuve du reçu',
    description:
      '`ref` (le secret du code QR) ou `number` ET `code` (le code de vérification imprimé). Un numéro seul ' +
      'ne dit rien (400) ; une preuve fausse répond 404 comme une fiche absente ; 10 preuves fausses en ' +
      '15 minutes : 429.',
    access: allow.permission('pos_sell', AGENT),
    query: ficheLookupQuery,
    response: ficheView,
    errors,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/agents/fiches/cancel',
    tag,
    summary: 'Annuler une de mes fiches (dans le délai de la compagnie, tirages encore ouverts)',
    access: allow.permission('pos_cancel', AGENT),
    body: ficheIdBody,
    response: ficheView,
    errors,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/agents/fiches/pay',
    tag,
    summary: 'Payer une fiche gagnante (une seule fois, même si deux vendeurs essaient en même temps)',
    description:
      'Avec la preuve du reçu : `ref` (code QR) ou `number` ET `code` (code de vérification). Refusé (403) ' +
      'à un vendeur, une succursale ou une compagnie bloqués, et pour la fiche d’une autre succursale ' +
      'si la compagnie ne le permet pas.',
    access: allow.permission('pos_pay', AGENT),
    body: fichePayBody,
    response: ficheView,
    errors,
  }),
  reprint: endpoint({
    method: 'POST',
    path: '/api/agents/fiches/reprint',
    tag,
    summary: 'Réimprimer une de mes fiches (compté et tracé)',
    access: allow.permission('pos_sell', AGENT),
    body: ficheIdBody,
    response: ficheView,
    errors,
  }),
  escpos: endpoint({
    method: 'GET',
    path: '/api/agents/fiches/escpos',
    tag,
    summary: 'Une de mes fiches en octets ESC/POS pour l’imprimante thermique (58 ou 80 mm)',
    description:
      'application/octet-stream, à envoyer tel quel à l’imprimante (RawBT, application native) : page de ' +
      'codes CP858, code QR par la commande de l’imprimante (GS ( k) avec le lien public, coupe. Une fiche ' +
      'déjà imprimée porte « COPIE n » ; la lecture ne compte rien : une copie se déclare par ' +
      'POST /api/agents/fiches/reprint.',
    access: allow.permission('pos_sell', AGENT),
    query: receiptQuery,
    response: null,
    errors,
  }),
  receiptPdf: endpoint({
    method: 'GET',
    path: '/api/agents/fiches/pdf',
    tag,
    summary: 'Une de mes fiches en PDF à la largeur du reçu, avec son code QR (pour la partager)',
    access: allow.permission('pos_sell', AGENT),
    query: receiptQuery,
    response: null,
    errors,
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/agents/report',
    tag,
    summary: 'Mon rapport du jour : ventes, commission, gains, paiements, solde',
    access: allow.permission('pos_report', AGENT),
    query: agentReportQuery,
    response: agentDayReport,
    errors,
  }),
  closing: endpoint({
    method: 'GET',
    path: '/api/agents/closing',
    tag,
    summary: 'Ma clôture de la journée (rapport Z) : par tirage et au total, portefeuille du jour, ce que je dois',
    description:
      'date : le jour ouvrable (AAAA-MM-JJ, par défaut aujourd’hui dans le fuseau de la compagnie ; un jour ' +
      'futur est refusé). Les chiffres sont ceux des rapports de la compagnie et du portefeuille (contracts/closing.ts).',
    access: allow.permission('pos_report', AGENT),
    query: closingQuery,
    response: agentClosing,
    errors,
  }),
  messages: endpoint({
    method: 'GET',
    path: '/api/agents/messages',
    tag,
    summary: 'Mes messages en cours',
    access: allow.permission('pos_sell', AGENT),
    response: z.array(agentMessage),
    errors,
  }),
};
