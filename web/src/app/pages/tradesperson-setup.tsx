import { useNavigate } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
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
      <ScreenNotice title="Business Setup" link={{ to: '/post-job', label: 'Post a Job' }}>
        Business Setup is for tradespeople. As a customer you can post a job and receive quotes.
      </ScreenNotice>
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
