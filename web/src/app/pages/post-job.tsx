import { useNavigate, useSearchParams } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { useSession } from '@/features/accounts/session';
import { PostJobForm } from '@/features/marketplace/jobs/post-job-form';
import { useLoginRequired } from '@/features/marketplace/jobs/use-login-required';
import { showSuccess } from '@/lib/toast';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Post a Job (spec section 2). The route is guarded; only customers post. */
function PostJobPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requireLogin = useLoginRequired();
  // ?tradesperson=<userId>: a quote request from that tradesperson's profile.
  const invited = searchParams.get('tradesperson');
  if (!user) return null;

  if (user.userType !== 'customer') {
    return (
      <ScreenNotice title="Post a Job" link={{ to: '/browse', label: 'Find Jobs' }}>
        Only customers post jobs. As a tradesperson you can find open jobs near you and send quotes.
      </ScreenNotice>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Post a Job</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Describe the work and local tradespeople will send you quotes.
      </p>
      <PostJobForm
        invitedTradespersonId={invited && UUID.test(invited) ? invited : null}
        onSignedOut={requireLogin}
        onPosted={() => {
          void showSuccess('Job posted!');
          void navigate('/my-jobs');
        }}
      />
    </div>
  );
}

export { PostJobPage as Component };
