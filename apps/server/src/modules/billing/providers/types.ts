/** The online payment providers of invoices (payment_checkouts.provider). */
export type ProviderName = 'sandbox' | 'moncash';

/** A checkout as the provider needs it to start a payment. */
export interface CheckoutToStart {
  id: string;
  orderRef: string;
  /** Minor units of `currency` (the invoice's): what the payment credits to the invoice. */
  amount: number;
  currency: string;
  invoiceNumber: string;
}

/**
 * One interface for every provider. The route creates the checkout row (pending) with the order
 * reference the provider chose, then asks the provider where the browser goes. Each provider
 * confirms through its own public route (a signed form for the sandbox, a server-side verification
 * of the transaction for MonCash), and both end in the same exactly-once confirmation
 * (checkout.service.ts `confirmCheckout`).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Throws (AppError, French) when this provider cannot take the payment (not configured, no rate…). */
  assertAvailable(amount: number, currency: string): void;
  /** A new order reference for the checkout (unique per provider; never shown to the payer). */
  newOrderRef(checkoutId: string): string;
  /** Starts the payment at the provider; answers the URL the browser goes to. */
  start(checkout: CheckoutToStart): Promise<string>;
}
