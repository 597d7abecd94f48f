/**
 * The `code` of every error the server answers ({ statusCode, code, message }): raised in TypeScript
 * (AppError, http/errors.ts) and by the engine's SQL functions (borlette_fail, the sale's problems in
 * apps/server/src/db/functions). A test in apps/server ties this list to both sides, so it neither
 * misses a code nor keeps one nobody raises. The web compares codes through ERROR_CODE.
 */
export const ERROR_CODES = [
  // Generic (http/errors.ts and its helpers)
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_CHARACTER',
  'OUT_OF_RANGE',
  'AMOUNT_OUT_OF_RANGE',
  'INTERNAL',
  'UNAVAILABLE',
  'DRAINING',
  'REFUSED',
  // Accounts and sessions
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'PASSWORD_CHANGED_MEANWHILE',
  'COMPANY_REQUIRED',
  'COMPANY_BLOCKED',
  'COMPANY_UNPAID',
  'AGENT_BLOCKED',
  'ACCOUNT_BLOCKED',
  'SURCUSSALE_BLOCKED',
  'SELF',
  'ARCHIVED',
  'TOO_MANY_MESSAGES',
  // Terminals (issue 20): the session's device is not approved
  'DEVICE_PENDING',
  'DEVICE_REVOKED',
  // The sale (borlette_sell and its caller)
  'IDEMPOTENCY_CONFLICT',
  'NOT_AN_AGENT',
  'NO_DRAW',
  'NO_LINE',
  'INVALID_LINE',
  'OPTION_UNAVAILABLE',
  'LINE_MAX_STAKE',
  'BOULE_BLOCKED',
  'TICKET_MAX_LINES',
  'TICKET_MAX_DRAWS',
  'TICKET_MAX_PAYOUT',
  'TICKET_LIMIT',
  'LIMIT_EXCEEDED',
  'TIRAGE_CLOSED',
  'TIRAGE_NOT_FOUND',
  'CREDIT_LIMIT',
  'RULE_LIMIT',
  'RULE_BLOCKED',
  // Tickets' life: payment, cancellation
  'PROOF_REQUIRED',
  'NOT_ALLOWED',
  'OTHER_BRANCH',
  'CANCEL_NOT_ALLOWED',
  // Results and the wallet
  'RESULT_EXISTS',
  'PAID_TICKETS',
  'TOO_EARLY',
  'ALREADY_ZERO',
  // Billing
  'NO_INVOICE',
  'INVOICE_PAID',
  'INVOICE_CHANGED',
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_ERROR',
  'INVOICE_CANCELLED',
  'ONLINE_PAYMENT',
  'PAYMENT_REFUSED',
  'UNKNOWN_CHECKOUT',
  'CHECKOUT_CANCELLED',
  'BAD_SIGNATURE',
  'UNKNOWN_TRANSACTION',
  'NOT_SUCCESSFUL',
  'AMOUNT_MISMATCH',
  'TRANSACTION_USED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes by name: `ERROR_CODE.TIRAGE_CLOSED` is 'TIRAGE_CLOSED'. */
export const ERROR_CODE = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as { readonly [C in ErrorCode]: C };
