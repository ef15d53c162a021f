import { SubscriptionsPage } from '@/features/subscriptions/subscriptions-page';

/** Repeat service plans, for the customer and the tradesperson; the route requires sign-in. */
export { SubscriptionsPage as Component };
