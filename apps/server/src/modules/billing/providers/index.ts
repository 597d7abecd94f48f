import type { BillingConfig } from '../../../config';
import { AppError } from '../../../http/errors';
import { MoncashProvider } from './moncash';
import { SandboxProvider } from './sandbox';
import type { PaymentProvider, ProviderName } from './types';

export interface Providers {
  sandbox: SandboxProvider;
  moncash: MoncashProvider;
  /** The provider of a request: the one it names, else the configured default. */
  pick(name: ProviderName | undefined): PaymentProvider;
}

export function paymentProviders(cfg: BillingConfig): Providers {
  const sandbox = new SandboxProvider(cfg.sandbox, cfg.sandboxSecret);
  const moncash = new MoncashProvider(cfg.moncash);
  return {
    sandbox,
    moncash,
    pick(name) {
      const chosen = name ?? cfg.provider;
      if (chosen === 'sandbox') return sandbox;
      if (chosen === 'moncash') return moncash;
      throw new AppError(400, 'BAD_REQUEST', 'Moyen de paiement inconnu.');
    },
  };
}

export type { PaymentProvider, ProviderName } from './types';
