import type { BookingChangesResponse, ChangeView } from '@domain/changes/api';
import { formatPence } from '@domain/payments/money';
import { ArrowLeft, FilePenLine } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { useOwnProfile } from '@/features/profiles';
import { ApiError } from '@/lib/api';
import { showError } from '@/lib/toast';
import { useBookingChanges } from './api';
import { ChangeActions } from './change-actions';
import { ChangeItem } from './change-item';
import { originalAmountPence, signedPence } from './change-words';
import { MoneyTimeline } from './money-timeline';
import { PayChange } from './pay-change';
import { ProposeChange } from './propose-change-dialog';

export const LOAD_FAILED = 'Failed to load the changes';

const byProposedAt = (a: ChangeView, b: ChangeView) => Date.parse(a.proposedAt) - Date.parse(b.proposedAt);

/** /booking-changes/:bookingId: a booking's changes to the agreed work and its money, for either party. */
export function BookingChanges({ bookingId }: { bookingId: string }) {
  const query = useBookingChanges(bookingId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const toasted = useRef(false);

  useEffect(() => {
    // Said once per failure, not on every render of the error.
    if (query.isError && !notFound && !toasted.current) {
      toasted.current = true;
      void showError(LOAD_FAILED);
    }
    if (!query.isError) toasted.current = false;
  }, [query.isError, notFound]);

  if (notFound) {
    return (
      <ScreenNotice title="Booking not found" link={{ to: '/my-jobs', label: 'Back to my jobs' }}>
        This booking does not exist, or you are not one of its two parties.
      </ScreenNotice>
    );
  }
  return (
    <Page>
      {query.isPending ? (
        <CardSkeletons count={3} height="h-32" />
      ) : query.isError ? (
        <ErrorState text={LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <ChangesContent bookingId={bookingId} view={query.data} />
      )}
    </Page>
  );
}

/** The heading stays put while the changes load, so nothing moves when they arrive. */
function Page({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const tradesperson = user?.userType === 'tradesperson';
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/my-jobs">
          <ArrowLeft aria-hidden="true" />
          {tradesperson ? 'Back to My Bookings' : 'Back to My Jobs'}
        </Link>
      </Button>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Changes and Payments</h1>
      {children}
    </div>
  );
}

function ChangesContent({ bookingId, view }: { bookingId: string; view: BookingChangesResponse }) {
  const { user } = useSession();
  // Only a VAT-registered tradesperson's lines carry VAT (the server refuses it from anyone else).
  const profile = useOwnProfile({ enabled: user?.userType === 'tradesperson' });
  const vatRegistered = Boolean(profile.data?.vatNumber);
  const changes = [...view.changes].sort(byProposedAt);
  const waiting = changes.filter((change) => change.status === 'proposed');
  const toPay = changes.filter((change) => change.viewer.canPay);
  const decided = changes.filter((change) => change.status !== 'proposed');

  return (
    <>
      <Amounts view={view} />
      <ProposeChange
        bookingId={bookingId}
        canPropose={view.canPropose}
        cannotProposeReason={view.cannotProposeReason}
        otherParty={user?.userType === 'tradesperson' ? 'the customer' : 'the tradesperson'}
        vatRegistered={vatRegistered}
      />
      {toPay.length > 0 && <ToPay changes={toPay} />}
      {waiting.length > 0 && (
        <section aria-labelledby="waiting-heading" className="space-y-3">
          <h2 id="waiting-heading" className="text-xl font-semibold">
            Waiting for an answer
          </h2>
          {waiting.map((change) => (
            <ChangeItem key={change.id} change={change} meId={user?.id}>
              <ChangeActions change={change} agreedPence={view.agreedAmountPence} />
            </ChangeItem>
          ))}
        </section>
      )}
      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          History of changes
        </h2>
        {changes.length === 0 ? (
          <EmptyState
            icon={<FilePenLine />}
            title="No changes to this booking yet"
            text="If the work turns out different from what was agreed, either of you can propose a change to the price here, and the other accepts or declines it."
          />
        ) : decided.length === 0 ? (
          <p className="text-sm text-muted-foreground">No change has been decided yet.</p>
        ) : (
          <ol className="space-y-3">
            {decided.map((change) => (
              <li key={change.id}>
                <ChangeItem change={change} meId={user?.id} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <MoneyTimeline timeline={view.timeline} />
    </>
  );
}

/** The agreed amount now against the one first agreed, and the difference the changes made. */
function Amounts({ view }: { view: BookingChangesResponse }) {
  const original = originalAmountPence(view);
  const difference = view.agreedAmountPence - original;
  const tiles = [
    ['Agreed amount now', formatPence(view.agreedAmountPence)],
    ['Originally agreed', formatPence(original)],
    [
      'Changes so far',
      `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${formatPence(Math.abs(difference))}`,
    ],
  ] as const;
  return (
    // Rows of label and figure on a phone, where three tiles abreast would break the figures.
    <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
      {tiles.map(([label, figure]) => (
        <div
          key={label}
          className="flex items-baseline justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 sm:block sm:p-4"
        >
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold break-words tabular-nums sm:mt-1 sm:text-xl">{figure}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Accepted increases the customer still has to pay into escrow, each with its Pay button. */
function ToPay({ changes }: { changes: ChangeView[] }) {
  return (
    <section
      aria-labelledby="to-pay-heading"
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="to-pay-heading" className="text-lg font-semibold">
        Waiting for your payment
      </h2>
      <ul className="space-y-3">
        {changes.map((change) => (
          <li key={change.id} className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="break-words">
                An accepted change raises the price by{' '}
                <span className="font-semibold">{formatPence(signedPence(change))}</span>:{' '}
                {change.description}
              </p>
              {change.payment?.status === 'failed' && change.payment.lastError && (
                <p className="mt-1 text-sm font-medium">Last attempt failed: {change.payment.lastError}</p>
              )}
            </div>
            <PayChange change={change} />
          </li>
        ))}
      </ul>
    </section>
  );
}
