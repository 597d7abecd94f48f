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
  /** What the pay page may offer: the providers that would not refuse for their configuration. */
  offered(): { providers: ProviderName[]; default: ProviderName };
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
    offered() {
      const providers: ProviderName[] = [];
      if (cfg.sandbox) providers.push('sandbox');
      if (moncash.usable) providers.push('moncash');
      return { providers, default: providers.includes(cfg.provider) ? cfg.provider : (providers[0] ?? cfg.provider) };
    },
  };
}

export type { PaymentProvider, ProviderName } from './types';
