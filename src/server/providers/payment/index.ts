import type { Env } from '../../env';
import { createSandboxPayment } from './sandbox';
import type { PaymentProvider } from './types';

export type { PaymentOrder, PaymentProvider, PaymentStatus } from './types';

export function createPaymentProvider(env: Env): PaymentProvider {
  switch (env.PAY_PROVIDER) {
    default:
      return createSandboxPayment(env.PUBLIC_ORIGIN);
  }
}
