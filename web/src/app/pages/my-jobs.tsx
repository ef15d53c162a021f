import type { MyJobsTab } from '@domain/marketplace/api';
import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/accounts/session';
import { MyBookingsList } from '@/features/marketplace/bookings/my-bookings-list';
import { MyJobsTabs } from '@/features/marketplace/jobs/my-jobs-list';
import { usePaymentReturn } from '@/features/payments/use-payment-return';

/** My Jobs for customers, My Bookings for tradespeople (spec section 2). */
function MyJobsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<MyJobsTab>('all');
  // A confirmed payment completes the job: the Done tab is where it now is, with its money.
  const { verifying } = usePaymentReturn(() => setTab('done'));
  if (!user) return null;
  const tradesperson = user.userType === 'tradesperson';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="icon" onClick={() => void navigate(-1)} aria-label="Back">
            <ArrowLeft aria-hidden="true" />
          </Button>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {tradesperson ? 'My Bookings' : 'My Jobs'}
          </h1>
        </div>
        {!tradesperson && (
          <LinkButton to="/post-job" icon={Plus}>
            New Job
          </LinkButton>
        )}
      </div>
      {/* Always on the page, so screen readers announce the message when it appears. */}
      <div role="status">
        {verifying && (
          <p className="mb-4 flex items-center gap-2 rounded-lg border border-border bg-muted px-4 py-3 text-sm">
            <Spinner className="size-4" />
            Confirming your payment…
          </p>
        )}
      </div>
      {tradesperson ? <MyBookingsList /> : <MyJobsTabs tab={tab} onTabChange={setTab} />}
    </div>
  );
}

export { MyJobsPage as Component };
