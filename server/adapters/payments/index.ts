import type { PaymentsConfig } from '../../config/config';
import type { PaymentGateway } from './gateway';
import { type SandboxDeps, SandboxGateway } from './sandbox/sandbox-gateway';

export type { PaymentGateway } from './gateway';
export { sandboxRoutes } from './sandbox/routes';
export { SandboxGateway } from './sandbox/sandbox-gateway';

/** The configured provider: the sandbox (default, offline) or Stripe. */
export async function paymentGatewayFor(
  config: PaymentsConfig,
  sandbox: Omit<SandboxDeps, 'webhookSecret'>,
): Promise<PaymentGateway> {
  if (config.provider === 'stripe') {
    // Loaded only when configured: importing the SDK costs most of a second at start-up.
    const { stripeGateway } = await import('./stripe');
    return stripeGateway(config);
  }
  return new SandboxGateway({ ...sandbox, webhookSecret: config.sandboxWebhookSecret });
}
