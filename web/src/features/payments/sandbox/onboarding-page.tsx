import { SandboxOnboardingBody } from '@domain/payments/api';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api';
import { issuesFromServer, useMarkFields } from '@/lib/form-errors';
import { leaveTo } from '@/lib/leave-app';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { type SandboxOnboardingView, useSandboxOnboarding, useSubmitOnboarding } from './api';
import {
  DigitsField,
  SandboxBanner,
  SandboxLoadFailed,
  SandboxLoading,
  SandboxNotice,
} from './sandbox-parts';

const FIELDS = ['legalName', 'dateOfBirth', 'sortCode', 'accountNumber'] as const;

/** The sandbox's test bank details, as the real provider's test mode takes them. */
export const TEST_BANK = { sortCode: '10-88-00', accountNumber: '00012345' } as const;

/** The sandbox's connected-account onboarding (`/sandbox/onboarding/:id`), opened from Business Setup. */
export function SandboxOnboardingPage({ id }: { id: string }) {
  const link = useSandboxOnboarding(id);
  if (link.isPending) return <SandboxLoading what="onboarding" />;
  if (link.isError) {
    return (
      <SandboxLoadFailed
        error={link.error}
        retry={link.refetch}
        notFound={{
          title: 'Link not found',
          text: 'This onboarding link does not exist. Start again from Business Setup on TradeNest.',
        }}
        what="onboarding link"
      />
    );
  }
  if (link.data.expired) return <ExpiredLink refreshUrl={link.data.refreshUrl} />;
  return <OnboardingFields link={link.data} />;
}

function ExpiredLink({ refreshUrl }: { refreshUrl: string }) {
  return (
    <SandboxNotice
      title="This link has expired"
      action={
        <Button asChild>
          <a href={refreshUrl}>Get a new link from TradeNest</a>
        </Button>
      }
    >
      <p>Onboarding links work once and for a short time. TradeNest will give you a new one.</p>
    </SandboxNotice>
  );
}

function OnboardingFields({ link }: { link: SandboxOnboardingView }) {
  const submit = useSubmitOnboarding(link.id);
  const [expiredUrl, setExpiredUrl] = useState<string | null>(null);
  const form = useZodForm(SandboxOnboardingBody, {
    defaultValues: { legalName: '', dateOfBirth: '', sortCode: '', accountNumber: '' },
  });
  const { setError, setFocus, clearErrors, setValue, getValues, formState } = form;
  const mark = useMarkFields({ setError, setFocus }, FIELDS);
  const update = link.type === 'account_update';

  const fillTestDetails = () => {
    clearErrors();
    if (!getValues('legalName').trim()) setValue('legalName', 'Test Tradesperson');
    if (!getValues('dateOfBirth')) setValue('dateOfBirth', '1990-01-01');
    setValue('sortCode', TEST_BANK.sortCode);
    setValue('accountNumber', TEST_BANK.accountNumber);
  };

  const onSubmit = form.submitWith((details) => {
    submit.mutate(details, {
      onSuccess: ({ url }) => leaveTo(url),
      onError: (error) => {
        const refreshUrl = refreshUrlOf(error);
        if (refreshUrl) {
          setExpiredUrl(refreshUrl);
          return;
        }
        if (mark(issuesFromServer(error))) return;
        setError('root.server', {
          message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
        });
      },
    });
  });

  if (expiredUrl) return <ExpiredLink refreshUrl={expiredUrl} />;

  const serverMessage = formState.errors.root?.server?.message;

  return (
    <div className="space-y-5">
      <SandboxBanner>
        <p className="font-semibold">
          Sandbox — no real bank account is connected. Test details: sort code {TEST_BANK.sortCode}, account
          number {TEST_BANK.accountNumber}.
        </p>
        <Button
          size="sm"
          variant="outline"
          className="mt-3 border-amber-400 bg-white text-amber-950 hover:bg-amber-100 dark:border-amber-600 dark:bg-amber-900 dark:text-amber-50 dark:hover:bg-amber-800"
          onClick={fillTestDetails}
        >
          Use test details
        </Button>
      </SandboxBanner>

      <section
        aria-labelledby="onboarding-heading"
        className="rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      >
        <div className="border-b border-border p-5 sm:p-6">
          <h1 id="onboarding-heading" className="text-2xl font-bold tracking-tight">
            {update ? 'Update your payout details' : 'Set up payouts'}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">
            TradeNest pays your earnings into this bank account once each job's protection window ends.
          </p>
        </div>
        <form noValidate onSubmit={onSubmit} aria-busy={submit.isPending} className="space-y-4 p-5 sm:p-6">
          <BankDetails form={form} />
          <FieldError id="onboarding-error" message={serverMessage} />
          <SubmitButton
            size="lg"
            className="w-full"
            pending={submit.isPending}
            describedBy={serverMessage ? 'onboarding-error' : null}
          >
            {update ? 'Save and return to TradeNest' : 'Finish and return to TradeNest'}
          </SubmitButton>
        </form>
      </section>
    </div>
  );
}

/** The account holder and the account, as the real provider's onboarding asks for them. */
function BankDetails({ form }: { form: ZodForm<typeof SandboxOnboardingBody> }) {
  const { register, formState } = form;
  const message = (field: (typeof FIELDS)[number]) => formState.errors[field]?.message;
  return (
    <>
      <Field id="legal-name" label="Legal name" required error={message('legalName')}>
        {(control) => (
          <Input autoComplete="name" placeholder="As on your ID" {...control} {...register('legalName')} />
        )}
      </Field>
      <Field id="date-of-birth" label="Date of birth" required error={message('dateOfBirth')}>
        {(control) => <Input type="date" autoComplete="bday" {...control} {...register('dateOfBirth')} />}
      </Field>
      <div className="grid gap-4 min-[360px]:grid-cols-2">
        <DigitsField
          id="sort-code"
          label="Sort code"
          error={message('sortCode')}
          input={{ autoComplete: 'off', placeholder: 'e.g. 10-88-00', ...register('sortCode') }}
        />
        <DigitsField
          id="account-number"
          label="Account number"
          error={message('accountNumber')}
          input={{ autoComplete: 'off', placeholder: '8 digits', maxLength: 8, ...register('accountNumber') }}
        />
      </div>
    </>
  );
}

/** An expired link's refusal carries where TradeNest makes a new one. */
function refreshUrlOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'payment_state') return null;
  const details = error.details as { refreshUrl?: unknown } | undefined;
  return typeof details?.refreshUrl === 'string' ? details.refreshUrl : null;
}
