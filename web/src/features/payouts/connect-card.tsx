import { LIMITS } from '@domain/catalog/catalog';
import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { PLATFORM_FEE_BASIS_POINTS } from '@domain/payments/money';
import { CheckCircle2, Circle, ExternalLink, RefreshCw, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { showError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { prepareTab } from './open-tab';
import {
  CONNECT_STATUS_REFRESH_MS,
  type ConnectStatus,
  type OnboardingLinkType,
  useConnectStatus,
  useCreateConnectAccount,
  useOnboardingLink,
} from './payout-api';
import { readableRequirements } from './payout-format';

const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;
const PROTECTION_DAYS = LIMITS.escrowProtectionDays;

/** How the provider sent the browser back: `?connect=return` (finished) or `refresh` (the link expired). */
export type ConnectReturn = 'return' | 'refresh';

export function connectReturnFrom(value: string | null): ConnectReturn | null {
  return value === 'return' || value === 'refresh' ? value : null;
}

/** The server's words for a refusal, when it sent some; a toast's title is always the spec's text. */
function detail(error: unknown): string | undefined {
  return error instanceof ApiError && error.code !== 'HTTP_ERROR' ? error.message : undefined;
}

/** Onboarded: the provider has the details it needs to take card payments or pay out. */
const onboarded = (status: ConnectStatus) => status.chargesEnabled || status.payoutsEnabled;

/**
 * The payment provider connect card (spec section 2, Business Setup step 4): the payout account's
 * status, Create payout account, Start onboarding and, once onboarded, Update details. The provider's
 * pages open in a new tab (this tab when pop-ups are blocked), and the status is checked again
 * CONNECT_STATUS_REFRESH_MS after onboarding starts and whenever the provider sends the browser back.
 */
export function ConnectCard({ returnedFrom = null }: { returnedFrom?: ConnectReturn | null }) {
  const status = useConnectStatus();
  const create = useCreateConnectAccount();
  const link = useOnboardingLink();
  const { refetch } = status;
  // Bumped each time onboarding opens in another tab: schedules one status check 5 seconds later.
  const [recheck, setRecheck] = useState(0);
  const [openedInTab, setOpenedInTab] = useState(false);
  const [linkExpired, setLinkExpired] = useState(returnedFrom === 'refresh');

  useEffect(() => {
    if (recheck === 0) return;
    const timer = setTimeout(() => void refetch(), CONNECT_STATUS_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [recheck, refetch]);

  // Each failed check is said once, in the spec's words.
  useEffect(() => {
    if (status.isError) void showError(PAYMENT_TEXTS.connectCheckFailed, detail(status.error));
  }, [status.isError, status.error]);

  const startLink = (type: OnboardingLinkType) => {
    const tab = prepareTab();
    link.mutate(type, {
      onSuccess: (url) => {
        setLinkExpired(false);
        if (tab.go(url) === 'new-tab') {
          setOpenedInTab(true);
          setRecheck((n) => n + 1);
        }
      },
      onError: (error) => {
        tab.cancel();
        void showError(
          type === 'account_onboarding'
            ? PAYMENT_TEXTS.connectOnboardingFailed
            : PAYMENT_TEXTS.connectUpdateFailed,
          detail(error),
        );
      },
    });
  };

  const createAccount = () =>
    create.mutate(undefined, {
      onError: (error) => void showError(PAYMENT_TEXTS.connectCreateFailed, detail(error)),
    });

  const data = status.data;
  const busy = create.isPending || link.isPending;
  const message = notice({ data, returnedFrom, linkExpired, openedInTab, checking: status.isFetching });

  return (
    <section
      aria-labelledby="connect-card-heading"
      aria-busy={status.isPending || busy}
      className="rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-6"
    >
      <ConnectIntro />

      {/* Always in the page, so a screen reader hears each change; only its box comes and goes. */}
      <p role="status" className={cn('text-sm', message && 'mt-4 rounded-md bg-muted px-3 py-2')}>
        {message}
      </p>

      {status.isPending ? (
        <ConnectSkeleton />
      ) : status.isError && !data ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm font-medium">We could not check your payout account.</p>
          <Button variant="outline" onClick={() => void refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : data ? (
        <>
          <StatusRows status={data} />
          <Requirements codes={data.requirementsCurrentlyDue} />
          <ConnectActions
            status={data}
            busy={busy}
            creating={create.isPending}
            linking={link.isPending}
            checking={status.isFetching}
            onCreate={createAccount}
            onLink={startLink}
            onCheck={() => void refetch()}
          />
        </>
      ) : null}
    </section>
  );
}

/** The card's heading and what the payout account is for. */
function ConnectIntro() {
  return (
    <div className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Wallet className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 id="connect-card-heading" className="text-lg font-semibold">
          Payout account
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Customers pay into escrow. After the {PROTECTION_DAYS}-day protection window (or sooner if the
          customer releases it) the money, less the {FEE_PERCENT}% platform fee, is paid out to the account
          you connect here with our payment provider.
        </p>
      </div>
    </div>
  );
}

/**
 * The one next step for the account (create it, start onboarding, or update its details) and, until
 * payouts are enabled, Check status.
 */
function ConnectActions({
  status,
  busy,
  creating,
  linking,
  checking,
  onCreate,
  onLink,
  onCheck,
}: {
  status: ConnectStatus;
  /** Any request under way: the other buttons wait for it. */
  busy: boolean;
  creating: boolean;
  linking: boolean;
  checking: boolean;
  onCreate: () => void;
  onLink: (type: OnboardingLinkType) => void;
  onCheck: () => void;
}) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      {!status.hasAccount ? (
        <ActionButton pending={creating} disabled={busy} onClick={onCreate}>
          Create payout account
        </ActionButton>
      ) : !onboarded(status) ? (
        <ActionButton pending={linking} disabled={busy} onClick={() => onLink('account_onboarding')} external>
          Start onboarding
        </ActionButton>
      ) : (
        <ActionButton
          pending={linking}
          disabled={busy}
          onClick={() => onLink('account_update')}
          variant={
            status.payoutsEnabled && status.requirementsCurrentlyDue.length === 0 ? 'outline' : 'default'
          }
          external
        >
          Update details
        </ActionButton>
      )}
      {status.hasAccount && !status.payoutsEnabled && (
        <Button variant="ghost" disabled={checking} onClick={onCheck}>
          {checking ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Check status
        </Button>
      )}
    </div>
  );
}

/** What just happened, for everyone (a live region): back from the provider, a link expired, a new tab. */
function notice({
  data,
  returnedFrom,
  linkExpired,
  openedInTab,
  checking,
}: {
  data: ConnectStatus | undefined;
  returnedFrom: ConnectReturn | null;
  linkExpired: boolean;
  openedInTab: boolean;
  checking: boolean;
}): string {
  if (linkExpired) return 'That onboarding link has expired. Start again to get a new one.';
  if (openedInTab) {
    if (data?.payoutsEnabled) return 'Your payout account is ready.';
    return checking
      ? 'Checking your payout account…'
      : 'Onboarding opened in a new tab. When you have finished there, we check your account again here.';
  }
  if (returnedFrom === 'return' && data) {
    return data.payoutsEnabled
      ? 'Welcome back: your payout account is ready.'
      : 'Welcome back. The payment provider still needs the details below before it can pay you.';
  }
  return '';
}

function ActionButton({
  children,
  pending,
  disabled,
  onClick,
  variant = 'default',
  external = false,
}: {
  children: string;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
  variant?: 'default' | 'outline';
  external?: boolean;
}) {
  return (
    <Button variant={variant} disabled={disabled} aria-busy={pending} onClick={onClick}>
      {pending && <Spinner />}
      {children}
      {external && !pending && <ExternalLink aria-hidden="true" />}
      {external && <span className="sr-only"> (opens in a new tab)</span>}
    </Button>
  );
}

function StatusRows({ status }: { status: ConnectStatus }) {
  const rows: [label: string, on: boolean, yes: string, no: string][] = [
    ['Payout account', status.hasAccount, 'Created', 'Not created yet'],
    ['Card payments', status.chargesEnabled, 'Enabled', 'Not enabled yet'],
    ['Payouts', status.payoutsEnabled, 'Enabled', 'Not enabled yet'],
  ];
  return (
    <dl aria-label="Payout account status" className="mt-4 grid gap-2 sm:grid-cols-3">
      {rows.map(([label, on, yes, no]) => (
        <div key={label} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 flex items-center gap-1.5 text-sm font-medium">
            {on ? (
              <CheckCircle2
                className="size-4 shrink-0 text-green-700 dark:text-green-400"
                aria-hidden="true"
              />
            ) : (
              <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            {on ? yes : no}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Requirements({ codes }: { codes: string[] }) {
  const items = readableRequirements(codes);
  if (items.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 id="connect-requirements-heading" className="text-sm font-semibold">
        Still needed by the payment provider
      </h4>
      <ul aria-labelledby="connect-requirements-heading" className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** The loaded card's shape (three status boxes and a button), so nothing moves when it arrives. */
function ConnectSkeleton(): ReactNode {
  return (
    <div role="status">
      <span className="sr-only">Checking your payout account…</span>
      <div aria-hidden="true" className="mt-4 grid gap-2 sm:grid-cols-3">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="h-[3.625rem] rounded-lg border border-border px-3 py-2">
            <div className="h-3 w-20 animate-pulse rounded bg-muted motion-reduce:animate-none" />
            <div className="mt-2 h-4 w-24 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="mt-5 h-10 w-48 animate-pulse rounded-md bg-muted motion-reduce:animate-none"
      />
    </div>
  );
}
