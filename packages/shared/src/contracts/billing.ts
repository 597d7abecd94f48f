import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint, STANDARD_ERRORS } from '../endpoint';
import { errorBody, okBody } from './common';
import { amountField, checkDateRange, dateRangeFields, isoDay, requiredId } from './engine-common';
import { deleteTarget, listQuery, pageOf, sortKeys } from './list';
import { money } from './money';

/**
 * Platform billing (docs/domain.md « Platform billing »), the superuser's:
 *
 * GET /api/generals/facturations?start_date&end_date&company&which (view_payment): for the period
 *   (default: the current month), one invoice per company in scope (`company`: a ref_code; otherwise
 *   every company of the selected country): active agents (agents who sold at least one ticket in the
 *   period) × the company's price per agent (its ladder), created or brought up to date — a paid
 *   invoice is never recomputed. `which` selects the audience and defaults to 'superuser' (the
 *   platform's view of every company); 'company' is the selected company alone.
 * GET /api/generals/facturations/{id}/pdf (view_payment): the invoice as a PDF made by the server.
 * GET /api/generals/pay-facturations?start_date&end_date&company&which&amount&nb_agent (add_payment):
 *   starts an online payment of that company's invoice for the period (amount and nb_agent must match
 *   it) and answers { url } of the provider's page; the browser goes there.
 * Providers behind one interface: `sandbox` (built in, the default: its own checkout page) and
 *   `moncash` (MONCASH_* environment). The provider's confirmation marks the invoice paid and records
 *   the payment once, even if it arrives twice; a forged or unknown one changes nothing.
 * GET/POST/PUT/DELETE /api/companies/historics-payment (view/add/change_payment): the payment history
 *   (online payments and those entered by hand); DELETE cancels a payment entered by hand.
 * A company whose invoice is unpaid past its grace (billing_grace_days) cannot sell until it pays.
 */

export const INVOICE_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;

export const invoice = z.object({
  id: z.number().int(),
  number: z.string(),
  company_id: z.number().int(),
  company_ref: z.string(),
  company_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  active_agents: z.number().int(),
  /** Minor units of `currency`. */
  price_per_agent: money,
  amount: money,
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Unpaid past the due date + the company's grace: its sales are stopped. */
  overdue: z.boolean(),
  issued_at: z.string(),
  due_date: z.string(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const facturationsQuery = listQuery
  .extend({
    ...dateRangeFields,
    company: z.string().trim().max(40, 'Compagnie invalide').optional(),
    sort: sortKeys([
      'company_name',
      'number',
      'period_start',
      'active_agents',
      'amount',
      'status',
      'due_date',
      'paid_at',
    ]),
    which: z.enum(['superuser', 'company'], { error: 'Audience invalide (superuser ou company)' }).default('superuser'),
    status: z.enum(INVOICE_STATUSES).optional(),
  })
  .superRefine(checkDateRange);

export const facturationsPage = z.object({
  results: z.array(invoice),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: z.object({
    amount: money,
    paid: money,
    unpaid: money,
    currency: z.string(),
  }),
});
export type FacturationsPage = z.infer<typeof facturationsPage>;

export const payFacturationQuery = z
  .object({
    ...dateRangeFields,
    company: z.string({ error: 'La compagnie est requise' }).trim().min(1, 'La compagnie est requise').max(40),
    which: z.enum(['superuser', 'company']).default('superuser'),
    amount: amountField('Le montant'),
    nb_agent: z.coerce.number({ error: 'Le nombre de vendeurs est requis' }).int('Nombre invalide').min(1),
    provider: z.enum(['sandbox', 'moncash'], { error: 'Moyen de paiement invalide' }).optional(),
  })
  .superRefine(checkDateRange);
export const payFacturationAnswer = z.object({ url: z.string(), checkout_id: z.string() });

/**
 * The online payment providers this server can use (GET /api/generals/pay-providers): the pay page
 * offers only these. MonCash is usable once its credentials and its HTG/USD rate are set (Digicel's
 * sandbox credentials count: the server cannot tell them apart, and choosing them is the operator's
 * decision); the built-in sandbox only when it is the provider in force.
 */
export const payProviders = z.object({
  providers: z.array(z.enum(['sandbox', 'moncash'])),
  default: z.enum(['sandbox', 'moncash']),
});
export type PayProviders = z.infer<typeof payProviders>;

/* ---- Payment history (historics-payment) ---- */

export const PAYMENT_METHODS = ['sandbox', 'moncash', 'cash', 'transfer', 'other'] as const;
export const companyPayment = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  amount: money,
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  paid_at: z.string(),
  note: z.string().nullable(),
  status: z.enum(['confirmed', 'cancelled']),
  created_at: z.string(),
});
export type CompanyPayment = z.infer<typeof companyPayment>;

const paymentFields = {
  company_id: requiredId('La compagnie'),
  invoice_id: z.preprocess(
    (v) => (v === '' || v === undefined || v === 0 ? null : v),
    z.coerce.number().int().positive('Facture invalide').nullable(),
  ),
  amount: amountField('Le montant'),
  /** Entered by hand: cash, transfer or other (online payments are recorded by their provider). */
  method: z.enum(['cash', 'transfer', 'other'], { error: 'Moyen invalide (espèces, virement, autre)' }),
  reference: z
    .string()
    .trim()
    .max(120, 'La référence est trop longue')
    .optional()
    .nullable()
    .transform((v) => v || null),
  paid_at: isoDay('La date du paiement'),
  note: z
    .string()
    .trim()
    .max(300, 'La note est trop longue')
    .optional()
    .nullable()
    .transform((v) => v || null),
};
export const companyPaymentInput = z.object(paymentFields);
export type CompanyPaymentInput = z.input<typeof companyPaymentInput>;
export const companyPaymentUpdate = z.object({
  id: requiredId('L’identifiant'),
  ...paymentFields,
  /** 'cancelled' cancels the payment (like DELETE) and reopens its invoice; omitted: unchanged. */
  status: z.enum(['confirmed', 'cancelled'], { error: 'Statut invalide (confirmed ou cancelled)' }).optional(),
});

export const companyPaymentListQuery = listQuery
  .extend({
    sort: sortKeys(['paid_at', 'amount', 'company_name', 'method', 'status', 'invoice_number', 'created_at']),
    id: z.coerce.number().int().positive('Identifiant invalide').optional(),
    company_id: z.coerce.number().int().positive('Compagnie invalide').optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    ...dateRangeFields,
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(checkDateRange);

/** The price ladder of a company (minor units per active agent and month), editable by the superuser. */
export const billingPrice = z.object({
  min: z.coerce.number().int().min(1, 'Le palier commence à 1 vendeur'),
  price: amountField('Le prix', { allowZero: true }),
});
export const billingSettings = z.object({
  company_id: requiredId('La compagnie'),
  prices: z
    .array(billingPrice)
    .min(1, 'Au moins un palier')
    .max(20)
    .refine((p) => p.every((x, i) => i === 0 || x.min > p[i - 1]!.min), 'Les paliers doivent être croissants')
    .refine((p) => p[0]?.min === 1, 'Le premier palier commence à 1 vendeur'),
  billing_grace_days: z.coerce.number().int().min(0).max(365),
});

/** GET billing-settings: the company whose ladder is read. */
export const billingSettingsQuery = z.object({ company_id: requiredId('La compagnie') });

export const invoicePdfParams = z.object({
  id: z.coerce.number().int('Facture invalide').positive('Facture invalide'),
});
export const invoicePdfQuery = z.object({
  download: z.enum(['0', '1', 'true', 'false'], { error: 'download : 0 ou 1' }).optional(),
});

/** The sandbox page's forms (application/x-www-form-urlencoded), read by the handler: a bad form is a page, not JSON. */
export const checkoutForm = z.object({
  checkout_id: z.string().max(100).default(''),
  signature: z.string().max(200).default(''),
});

/** MonCash names it transactionId; transaction_id is accepted too. */
export const moncashReturnQuery = z.object({
  transactionId: z.string().max(200).optional(),
  transaction_id: z.string().max(200).optional(),
});

const tag = 'billing';
/** The platform's billing is the superuser's (platform codenames). */
const SUPERUSER = ['superuser'] as const;
const HISTORY = '/api/companies/historics-payment';

export const billingEndpoints = {
  invoices: endpoint({
    method: 'GET',
    path: '/api/generals/facturations',
    tag,
    summary: 'Factures des compagnies pour la période (vendeurs actifs × prix du palier), à jour',
    description:
      'Période : start_date / end_date, par mois civil (par défaut le mois en cours, UTC). `company` : code ' +
      'd’une compagnie ; sinon toutes les compagnies du pays choisi. `which=company` : la compagnie choisie. ' +
      'Les factures non payées sont recalculées à chaque lecture ; `overdue` : impayée après l’échéance + la ' +
      'grâce (ventes suspendues). `totals` couvre toute la sélection. `format=csv` pour l’export.',
    access: allow.permission('view_payment', SUPERUSER),
    query: facturationsQuery,
    response: facturationsPage,
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/api/generals/facturations/:id/pdf',
    tag,
    summary: 'Une facture en PDF (affichée ; ?download=1 pour la télécharger)',
    access: allow.permission('view_payment', SUPERUSER),
    params: invoicePdfParams,
    query: invoicePdfQuery,
    response: null,
    errors: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
  }),
  pay: endpoint({
    method: 'GET',
    path: '/api/generals/pay-facturations',
    tag,
    summary: 'Commencer le paiement en ligne de la facture d’une compagnie ; répond { url } de la page de paiement',
    description:
      'La période (start_date / end_date) désigne un mois ; `amount` (centimes : le montant de la facture ou son reste à payer) et `nb_agent` ' +
      'doivent être ceux de la facture (sinon 409 : la page est à actualiser). `provider` : sandbox ou moncash ' +
      '(par défaut celui de la configuration). Le navigateur va à `url`.',
    access: allow.permission('add_payment', SUPERUSER),
    query: payFacturationQuery,
    response: payFacturationAnswer,
    errors: { ...STANDARD_ERRORS, 502: errorBody },
  }),
  payProviders: endpoint({
    method: 'GET',
    path: '/api/generals/pay-providers',
    tag,
    summary: 'Les moyens de paiement en ligne utilisables sur ce serveur (la page de paiement n’offre qu’eux)',
    access: allow.permission('add_payment', SUPERUSER),
    response: payProviders,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/generals/billing-settings',
    tag,
    summary: 'Paliers de prix (par vendeur actif et par mois, centimes USD) et jours de grâce d’une compagnie',
    access: allow.permission('view_payment', SUPERUSER),
    query: billingSettingsQuery,
    response: billingSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/generals/billing-settings',
    tag,
    summary: 'Modifier les paliers de prix et les jours de grâce d’une compagnie (factures non payées recalculées)',
    access: allow.permission('change_payment', SUPERUSER),
    body: billingSettings,
    response: billingSettings,
  }),
  payments: endpoint({
    method: 'GET',
    path: HISTORY,
    tag,
    summary: 'Historique des paiements des compagnies (en ligne et saisis) ; ?id= : un paiement',
    description:
      'Compagnie choisie (ou toutes celles du pays choisi) ; filtres company_id, method, start_date / end_date ' +
      '(date du paiement) ; recherche (référence, note, compagnie, facture) ; `format=csv`.',
    access: allow.permission('view_payment', SUPERUSER),
    query: companyPaymentListQuery,
    response: companyPayment.or(pageOf(companyPayment)),
  }),
  createPayment: endpoint({
    method: 'POST',
    path: HISTORY,
    tag,
    summary: 'Saisir un paiement reçu (espèces, virement, autre) ; la facture est payée quand il la couvre',
    access: allow.permission('add_payment', SUPERUSER),
    body: companyPaymentInput,
    response: companyPayment,
  }),
  updatePayment: endpoint({
    method: 'PUT',
    path: HISTORY,
    tag,
    summary: 'Corriger un paiement saisi (status: cancelled l’annule) ; un paiement en ligne ne change pas (409)',
    access: allow.permission('change_payment', SUPERUSER),
    body: companyPaymentUpdate,
    response: companyPayment,
  }),
  cancelPayment: endpoint({
    method: 'DELETE',
    path: HISTORY,
    tag,
    summary: 'Annuler un paiement saisi (gardé dans l’historique, sa facture redevient due) ; en ligne : 409',
    access: allow.permission('change_payment', SUPERUSER),
    ...deleteTarget,
    response: okBody,
  }),
  /* The payer's browser and the providers (no session): pages and redirects, no JSON, no error schemas. */
  sandboxConfirm: endpoint({
    method: 'POST',
    path: '/api/public/payments/sandbox/confirm',
    tag: 'public',
    summary: 'Confirmation signée du paiement sandbox (formulaire de la page de paiement) ; 303 vers l’historique',
    access: allow.public(),
    response: null,
    errors: {},
  }),
  sandboxCancel: endpoint({
    method: 'POST',
    path: '/api/public/payments/sandbox/cancel',
    tag: 'public',
    summary: 'Annulation signée d’un paiement sandbox ; 303 vers la facturation',
    access: allow.public(),
    response: null,
    errors: {},
  }),
  moncashReturn: endpoint({
    method: 'GET',
    path: '/api/public/payments/moncash/return',
    tag: 'public',
    summary: 'Retour de MonCash (URL de retour du compte marchand) : transaction vérifiée auprès de MonCash',
    access: allow.public(),
    query: moncashReturnQuery,
    response: null,
    errors: {},
  }),
};
