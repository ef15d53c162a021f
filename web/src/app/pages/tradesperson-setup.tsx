import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/accounts/session';
import { BusinessSetup } from '@/features/profiles/business-setup';
import { showSuccess } from '@/lib/toast';

/** Business Setup (spec section 2). Completing it goes to /tradesperson/dashboard, which redirects on. */
function TradespersonSetupPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;

  if (user.userType !== 'tradesperson') {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Business Setup</h1>
        <p className="mt-4 text-muted-foreground">
          Business Setup is for tradespeople. As a customer you can post a job and receive quotes.
        </p>
        <Button asChild className="mt-8">
          <Link to="/post-job">Post a Job</Link>
        </Button>
      </section>
    );
  }

  return (
    <BusinessSetup
      onCompleted={(profile) => {
        void showSuccess(
          'Setup complete!',
          profile.verified
            ? 'Your business profile is ready.'
            : 'Customers can find you once your ID and insurance are verified.',
        );
        void navigate('/tradesperson/dashboard');
      }}
    />
  );
}

export { TradespersonSetupPage as Component };
