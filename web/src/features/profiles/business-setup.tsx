import { Check, PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { ConnectCard, type ConnectReturn, connectReturnFrom } from '@/features/payouts';
import { VerificationDocuments } from '@/features/verification';
import { type FieldIssue, issuesFromServer, isValidationError } from '@/lib/form-errors';
import { showError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type OwnProfile, useCompleteSetup, useOwnProfile } from './api';
import { SAVE_FAILED } from './form-errors';
import { SetupDetailsStep } from './setup-details-step';
import { SetupServicesStep } from './setup-services-step';
import { StepButtons } from './step-buttons';

// The spec's four steps (section 9: 'Business setup has 4 steps').
export const SETUP_STEPS = [
  'Business Details',
  'Services & Pricing',
  'Verification',
  'Payment Setup',
] as const;

/**
 * The step a link asks for: `?step=4` opens Payment Setup (the payment provider sends the browser back
 * to `?step=4&connect=return`, or `connect=refresh` when its link expired).
 */
function stepFrom(value: string | null): number {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= SETUP_STEPS.length ? step - 1 : 0;
}

/** Business Setup (spec section 2): four steps with Previous/Next; each step saves for real. */
export function BusinessSetup({ onCompleted }: { onCompleted: (profile: OwnProfile) => void }) {
  const query = useOwnProfile();
  const [params, setParams] = useSearchParams();
  // Read once: the step and the provider's answer belong to this visit, not to every later render.
  const [initial] = useState(() => ({
    step: stepFrom(params.get('step')),
    connect: connectReturnFrom(params.get('connect')),
  }));
  // The provider's answer is handled once; a reload or a Back to this page does not repeat it.
  useEffect(() => {
    if (!initial.connect) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connect');
        return next;
      },
      { replace: true },
    );
  }, [initial.connect, setParams]);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Business Setup</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Set up your business profile so customers can find and book you.
      </p>
      {query.isPending ? (
        <CardSkeletons count={2} height="h-40" />
      ) : query.isError ? (
        <ErrorState text="We could not load your profile." onRetry={() => void query.refetch()} />
      ) : (
        <SetupSteps
          profile={query.data}
          onCompleted={onCompleted}
          initialStep={initial.step}
          connectReturn={initial.connect}
        />
      )}
    </div>
  );
}

function SetupSteps({
  profile,
  onCompleted,
  initialStep,
  connectReturn,
}: {
  profile: OwnProfile;
  onCompleted: (p: OwnProfile) => void;
  initialStep: number;
  connectReturn: ConnectReturn | null;
}) {
  const { step, saved, headingRef, goTo, savedAndNext, refusal, finish, finishing, finishError } =
    useSetupSteps(initialStep, onCompleted);

  return (
    <div className="space-y-8">
      <StepProgress step={step} saved={saved} />
      <section
        aria-labelledby="setup-step-heading"
        className="rounded-xl border border-border bg-card p-4 sm:p-6"
      >
        <h2
          id="setup-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mb-6 text-xl font-semibold outline-none"
        >
          <span className="block text-sm font-normal text-muted-foreground">
            Step {step + 1} of {SETUP_STEPS.length}
          </span>
          {SETUP_STEPS[step]}
        </h2>
        {/* Every step stays mounted (only hidden), so going back and forth keeps what was typed. */}
        <div hidden={step !== 0}>
          <SetupDetailsStep
            profile={profile}
            onSaved={savedAndNext(0)}
            refusal={refusal?.step === 0 ? refusal.issue : undefined}
          />
        </div>
        <div hidden={step !== 1}>
          <SetupServicesStep
            profile={profile}
            onPrevious={() => goTo(0)}
            onSaved={savedAndNext(1)}
            refusal={refusal?.step === 1 ? refusal.issue : undefined}
          />
        </div>
        <div hidden={step !== 2} className="space-y-6">
          {step >= 2 && <VerificationDocuments />}
          <StepButtons onPrevious={() => goTo(1)} next={{ label: 'Next', onClick: () => goTo(3) }} />
        </div>
        <div hidden={step !== 3} className="space-y-6">
          {/* Mounted only on this step: the provider is asked about the account whenever it is shown. */}
          {step === 3 && <ConnectCard returnedFrom={connectReturn} />}
          <p className="text-sm text-muted-foreground">
            You can complete setup now and connect your payout account later: released money waits for you
            until the account is ready.
          </p>
          <StepButtons
            onPrevious={() => goTo(2)}
            next={{
              label: 'Complete Setup',
              pending: finishing,
              onClick: finish,
              icon: <PartyPopper aria-hidden="true" />,
            }}
            error={finishError}
          />
        </div>
      </section>
    </div>
  );
}

/** Which step is shown, which were saved, moving between them, and completing the setup at the end. */
function useSetupSteps(initialStep: number, onCompleted: (p: OwnProfile) => void) {
  const [step, setStep] = useState(initialStep);
  const [saved, setSaved] = useState<ReadonlySet<number>>(new Set());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const complete = useCompleteSetup();
  // What completing refused: a field of step 1 or 2 (shown there), or anything else (shown on step 4).
  const [refusal, setRefusal] = useState<{ step: number; issue: FieldIssue } | null>(null);
  const [finishError, setFinishError] = useState<string | undefined>();

  // Moving between steps takes keyboard and screen-reader users to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step change is what triggers the move
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  // `toHeading` false: the new step focuses a field of its own instead.
  const goTo = (next: number, toHeading = true) => {
    moved.current = toHeading;
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };
  const savedAndNext = (current: number) => () => {
    setSaved((s) => new Set(s).add(current));
    goTo(current + 1);
  };

  const finish = () => {
    setFinishError(undefined);
    complete.mutate(undefined, {
      onSuccess: onCompleted,
      onError: (error) => {
        if (isValidationError(error)) {
          void showError('Validation Error', error.message);
          // Back to the step that holds what is missing, with the message beside its field.
          const issue = issuesFromServer(error)[0];
          const step = issue?.field === 'basePostcode' ? 0 : issue?.field === 'trade' ? 1 : null;
          if (issue && step !== null) {
            setRefusal({ step, issue });
            goTo(step, false);
          } else {
            setFinishError(error.message);
          }
          return;
        }
        void showError(SAVE_FAILED, error.message);
        setFinishError(`${SAVE_FAILED}. ${error.message}`);
      },
    });
  };

  return {
    step,
    saved,
    headingRef,
    goTo,
    savedAndNext,
    refusal,
    finish,
    finishing: complete.isPending,
    finishError,
  };
}

/** The four steps as a progress bar: the current one named, the saved ones ticked. */
function StepProgress({ step, saved }: { step: number; saved: ReadonlySet<number> }) {
  return (
    <ol aria-label="Setup steps" className="grid grid-cols-4 gap-2">
      {SETUP_STEPS.map((name, index) => {
        const current = index === step;
        const done = saved.has(index) && !current;
        return (
          <li key={name} aria-current={current ? 'step' : undefined} className="min-w-0">
            <div
              className={cn(
                'h-1.5 rounded-full',
                current || done || index < step ? 'bg-primary' : 'bg-muted',
              )}
              aria-hidden="true"
            />
            <p
              className={cn(
                'mt-2 flex items-center gap-1 text-xs leading-tight sm:text-sm',
                current ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              {done && <Check className="size-3.5 shrink-0" aria-hidden="true" />}
              <span>
                <span className="sr-only">Step {index + 1}: </span>
                {name}
                {done && <span className="sr-only"> (saved)</span>}
              </span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
