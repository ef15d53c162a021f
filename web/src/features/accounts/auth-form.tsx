import { SignInBody, SignUpBody } from '@domain/accounts/schemas';
import { USER_TYPES, type UserType } from '@domain/catalog/catalog';
import { useSearchParams } from 'react-router';
import type * as z from 'zod';
import { FieldError } from '@/components/ui/field-error';
import { Field, FieldSet } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordField } from '@/components/ui/password-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError } from '@/lib/toast';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useSignIn, useSignUp } from './auth-mutations';
import { EmailSignInLinkButton, RedeemSignInLink } from './sign-in-link';

type Mode = 'sign-in' | 'sign-up';
type FormValues = { email: string; password: string; fullName: string; userType: UserType };

// One form, two schemas: sign-in checks (and sends) the email and password only, sign-up every field.
type AuthSchema = z.ZodType<SignInBody | SignUpBody, Partial<FormValues>>;
const SCHEMAS: Record<Mode, AuthSchema> = { 'sign-in': SignInBody, 'sign-up': SignUpBody };

// The fields in the order they are on screen, which is the order focus looks for the first invalid one.
const FIELDS = ['email', 'password', 'fullName', 'userType'] as const;
// A refusal about one field, by the server's error code; any other refusal is said by the button.
const FIELD_OF_CODE: Partial<Record<string, (typeof FIELDS)[number]>> = { email_taken: 'email' };

const USER_TYPE_LABELS: Record<UserType, { label: string; hint: string }> = {
  customer: { label: 'Customer', hint: 'I want to hire tradespeople' },
  tradesperson: { label: 'Tradesperson', hint: 'I want to find work' },
};

const TEXTS: Record<
  Mode,
  { title: string; lead: string; submit: string; switchQuestion: string; switchTo: string }
> = {
  'sign-in': {
    title: 'Welcome back',
    lead: 'Log in to manage your jobs, quotes and messages.',
    submit: 'Log In',
    switchQuestion: 'New to TradeNest?',
    switchTo: 'Create an account',
  },
  'sign-up': {
    title: 'Create your account',
    lead: 'Join TradeNest to post jobs or find work near you.',
    submit: 'Sign Up',
    switchQuestion: 'Already have an account?',
    switchTo: 'Log in',
  },
};

/** The spec's one form that toggles between sign-in and sign-up (?mode=signup opens sign-up). */
export function AuthForm() {
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('signin');
  if (linkToken) return <RedeemSignInLink token={linkToken} />;
  return <CredentialsForm />;
}

type CredentialsApi = ZodForm<AuthSchema>;

/** The form's values, its submit (sign-in or sign-up), and the marking of fields a refusal names. */
function useCredentials(mode: Mode, initialUserType: UserType) {
  const signIn = useSignIn();
  const signUp = useSignUp();
  const form: CredentialsApi = useZodForm(SCHEMAS[mode], {
    defaultValues: { email: '', password: '', fullName: '', userType: initialUserType },
  });
  const mark = useMarkFields(form, FIELDS);

  const onSubmit = form.submitWith((values) => {
    const onError = (error: Error) => {
      void showError(isValidationError(error) ? 'Validation Error' : 'Error', error.message);
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      const issues = field ? [{ field, message: error.message }] : issuesFromServer(error);
      // A wrong email or password is not pinned on either field: the server does not say which.
      if (!mark(issues)) form.setError('root.server', { message: error.message });
    };
    if ('fullName' in values) signUp.mutate(values, { onError });
    else signIn.mutate(values, { onError });
  });
  return { form, mark, onSubmit, pending: signIn.isPending || signUp.isPending };
}

function CredentialsForm() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: Mode = searchParams.get('mode') === 'signup' ? 'sign-up' : 'sign-in';
  const { form, mark, onSubmit, pending } = useCredentials(
    mode,
    searchParams.get('type') === 'tradesperson' ? 'tradesperson' : 'customer',
  );
  const serverMessage = form.formState.errors.root?.server?.message;

  const switchMode = () => {
    form.clearErrors();
    setSearchParams(
      (params) => {
        if (mode === 'sign-in') params.set('mode', 'signup');
        else params.delete('mode');
        return params;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{TEXTS[mode].title}</h1>
      <p className="mt-2 text-muted-foreground">{TEXTS[mode].lead}</p>

      <form noValidate onSubmit={onSubmit} aria-busy={pending} className="mt-8 space-y-5">
        <p className="text-sm text-muted-foreground">
          Fields marked <RequiredMark /> are required.
        </p>
        <CredentialFields form={form} mode={mode} />
        {mode === 'sign-up' && <SignUpFields form={form} />}
        <FieldError id="auth-form-error" message={serverMessage} />
        <SubmitButton
          size="lg"
          className="w-full"
          pending={pending}
          describedBy={serverMessage ? 'auth-form-error' : null}
        >
          {TEXTS[mode].submit}
        </SubmitButton>
      </form>

      {mode === 'sign-in' && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Can't sign in?{' '}
          <EmailSignInLinkButton
            email={() => form.getValues('email') ?? ''}
            onInvalid={(message) => {
              mark([{ field: 'email', message }]);
              void showError('Validation Error', message);
            }}
          />
        </p>
      )}

      <p className="mt-6 text-center text-sm text-muted-foreground">
        {TEXTS[mode].switchQuestion}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {TEXTS[mode].switchTo}
        </button>
      </p>
    </div>
  );
}

/** Email and password, asked in both modes. */
function CredentialFields({ form, mode }: { form: CredentialsApi; mode: Mode }) {
  const { register, formState } = form;
  return (
    <>
      <Field id="auth-email" label="Email" required error={formState.errors.email?.message}>
        {(control) => (
          <Input type="email" autoComplete="email" inputMode="email" {...control} {...register('email')} />
        )}
      </Field>
      <PasswordField
        id="auth-password"
        label="Password"
        autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
        hint={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
        error={formState.errors.password?.message}
        {...register('password')}
      />
    </>
  );
}

/** The full name and the kind of account, asked on sign-up only. */
function SignUpFields({ form }: { form: CredentialsApi }) {
  const { register, formState } = form;
  return (
    <>
      <Field id="auth-full-name" label="Full name" required error={formState.errors.fullName?.message}>
        {(control) => <Input autoComplete="name" {...control} {...register('fullName')} />}
      </Field>
      <FieldSet id="auth-user-type" legend="I am a" required error={formState.errors.userType?.message}>
        <div className="grid gap-3 pt-2 sm:grid-cols-2">
          {USER_TYPES.map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border border-border p-3',
                'has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              )}
            >
              <input
                type="radio"
                value={type}
                required
                className="mt-0.5 size-4 accent-primary"
                {...register('userType')}
              />
              <span>
                <span className="block text-sm font-medium">{USER_TYPE_LABELS[type].label}</span>
                <span className="block text-sm text-muted-foreground">{USER_TYPE_LABELS[type].hint}</span>
              </span>
            </label>
          ))}
        </div>
      </FieldSet>
    </>
  );
}
