import type { MyJobsTab } from '@domain/marketplace/api';
import { ArrowLeft, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/accounts/session';
import { MyBookingsList } from '@/features/marketplace/bookings/my-bookings-list';
import { MyJobsTabs } from '@/features/marketplace/jobs/my-jobs-list';
import { showError } from '@/lib/toast';

/** My Jobs for customers, My Bookings for tradespeople (spec section 2). */
function MyJobsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<MyJobsTab>('all');
  usePaymentReturn();
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
          <Button asChild>
            <Link to="/post-job">
              <Plus aria-hidden="true" />
              New Job
            </Link>
          </Button>
        )}
      </div>
      {tradesperson ? <MyBookingsList /> : <MyJobsTabs tab={tab} onTabChange={setTab} />}
    </div>
  );
}

/**
 * The payment provider sends the customer back with ?payment=success&session_id=… or
 * ?payment=cancelled. Verifying a success arrives with the payments issue, so nothing is claimed for
 * it here; a cancellation is said. Either way the address goes back to /my-jobs.
 */
function usePaymentReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const handled = useRef(false);
  const payment = searchParams.get('payment');
  useEffect(() => {
    if (!payment || handled.current) return;
    handled.current = true;
    if (payment === 'cancelled') void showError('Payment cancelled', 'Your payment was cancelled.');
    setSearchParams({}, { replace: true });
  }, [payment, setSearchParams]);
}

export { MyJobsPage as Component };
