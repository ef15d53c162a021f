/**
 * Stripe's bank authentication (3-D Secure) for a milestone charge that answered `requiresAction` with
 * a `clientSecret` and no `actionUrl`: Stripe.js shows the bank's challenge on this page, and resolves
 * once the customer has finished it, either way; the caller then asks the server how the charge ended.
 * Stripe.js is imported here only, when a Stripe charge asks for it (the sandbox sends an `actionUrl`).
 */
export async function handleStripeNextAction(
  clientSecret: string,
  publishableKey: string | null,
): Promise<void> {
  if (!clientSecret || !publishableKey) throw new Error('Card authentication is missing its details');
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe could not be loaded');
  const { error } = await stripe.handleNextAction({ clientSecret });
  if (error) throw new Error(error.message ?? 'Card authentication failed');
}
