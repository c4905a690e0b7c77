import { createManualProvider } from './manual';
import { createPaypleProvider, type PaypleConfig } from './payple';
import type { PaymentProvider } from './types';

/** Each card provider's section of the payments config; null or absent: not configured. */
export interface PaymentProvidersConfig {
  payple?: PaypleConfig | null;
}

/** The card providers, each built from its own section of the config (null when not configured). */
const registry: Array<(config: PaymentProvidersConfig) => PaymentProvider | null> = [
  (config) => (config.payple ? createPaypleProvider(config.payple) : null),
];

/**
 * The providers from config (decision 032): the first configured card provider takes new payments;
 * manual is always there (admin grants, the embedded default) and takes them when none is.
 * `all` holds every provider a stored membership may name.
 */
export function createPaymentProviders(config: PaymentProvidersConfig | undefined): { current: PaymentProvider; all: Partial<Record<PaymentProvider['name'], PaymentProvider>> } {
  const manual = createManualProvider();
  const configured = registry.map((build) => build(config ?? {})).filter((p): p is PaymentProvider => p !== null);
  return { current: configured[0] ?? manual, all: Object.fromEntries([manual, ...configured].map((p) => [p.name, p])) };
}
