import { MyDisputes } from '@/features/disputes/my-disputes';

/** Disputes (spec section 2, issue 16): the signed-in user's disputes; the route requires sign-in. */
function DisputesPage() {
  return <MyDisputes />;
}

export { DisputesPage as Component };
