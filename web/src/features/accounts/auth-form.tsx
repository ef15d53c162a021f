import { SignInBody, SignUpBody } from '@domain/accounts/schemas';
import { USER_TYPES, type UserType } from '@domain/catalog/catalog';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import {
  errorIdOf,
  fieldErrorProps,
  issuesFromSchema,
  issuesFromServer,
  useMarkFields,
} from '@/lib/form-errors';
import { showError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSignIn, useSignUp } from './auth-mutations';
import { EmailSignInLinkButton, RedeemSignInLink } from './sign-in-link';

type FormValues = { email: string; password: string; fullName: string; userType: UserType };

// The fields in the order they are on screen, which is the order focus looks for the first invalid one.
const FIELDS = ['email', 'password', 'fullName', 'userType'] as const;
// A refusal about one field, by the server's error code; any other refusal is said by the button.
const FIELD_OF_CODE: Partial<Record<string, (typeof FIELDS)[number]>> = { email_taken: 'email' };

const USER_TYPE_LABELS: Record<UserType, { label: string; hint: string }> = {
  customer: { label: 'Customer', hint: 'I want to hire tradespeople' },
  tradesperson: { label: 'Tradesperson', hint: 'I want to find work' },
};

/** The spec's one form that toggles between sign-in and sign-up (?mode=signup opens sign-up). */
export function AuthForm() {
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('signin');
  if (linkToken) return <RedeemSignInLink token={linkToken} />;
  return <CredentialsForm />;
}

function CredentialsForm() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'signup' ? 'sign-up' : 'sign-in';
  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;

  const { register, handleSubmit, setError, setFocus, clearErrors, formState, getValues } =
    useForm<FormValues>({
      defaultValues: {
        email: '',
        password: '',
        fullName: '',
        userType: searchParams.get('type') === 'tradesperson' ? 'tradesperson' : 'customer',
      },
    });

  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed =
      mode === 'sign-up'
        ? SignUpBody.safeParse(values)
        : SignInBody.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) {
      // Spec section 5: one toast with the first message only. Every failing field shows its own
      // message beside it (and the first is focused) so the person sees where to look; what they
      // typed stays.
      mark(issuesFromSchema(parsed.error.issues));
      void showError('Validation Error', parsed.error.issues[0]?.message);
      return;
    }
    const onError = (error: Error) => {
      const validation = error instanceof ApiError && error.code === 'validation_error';
      void showError(validation ? 'Validation Error' : 'Error', error.message);
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      const issues = field ? [{ field, message: error.message }] : issuesFromServer(error);
      // A wrong email or password is not pinned on either field: the server does not say which.
      if (!mark(issues)) setError('root.server', { message: error.message });
    };
    if (mode === 'sign-up') signUp.mutate(parsed.data as SignUpBody, { onError });
    else signIn.mutate(parsed.data, { onError });
  });

  const switchMode = () => {
    clearErrors();
    setSearchParams(
      (params) => {
        if (mode === 'sign-in') params.set('mode', 'signup');
        else params.delete('mode');
        return params;
      },
      { replace: true },
    );
  };

  const message = (field: keyof FormValues) => formState.errors[field]?.message;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">
        {mode === 'sign-up' ? 'Create your account' : 'Welcome back'}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {mode === 'sign-up'
          ? 'Join TradeNest to post jobs or find work near you.'
          : 'Log in to manage your jobs, quotes and messages.'}
      </p>

      <form noValidate onSubmit={onSubmit} aria-busy={pending} className="mt-8 space-y-5">
        <p className="text-sm text-muted-foreground">
          Fields marked <RequiredMark /> are required.
        </p>

        <div className="space-y-2">
          <Label htmlFor="auth-email">
            Email
            <RequiredMark />
          </Label>
          <Input
            id="auth-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            {...fieldErrorProps('auth-email', message('email'))}
            {...register('email')}
          />
          <FieldError id={errorIdOf('auth-email')} message={message('email')} />
        </div>

        <div className="space-y-2">
          <Label htmlFor="auth-password">
            Password
            <RequiredMark />
          </Label>
          <PasswordInput
            id="auth-password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            aria-required="true"
            {...fieldErrorProps(
              'auth-password',
              message('password'),
              mode === 'sign-up' && 'auth-password-hint',
            )}
            {...register('password')}
          />
          {mode === 'sign-up' && (
            <p id="auth-password-hint" className="text-sm text-muted-foreground">
              At least 8 characters.
            </p>
          )}
          <FieldError id={errorIdOf('auth-password')} message={message('password')} />
        </div>

        {mode === 'sign-up' && (
          <>
            <div className="space-y-2">
              <Label htmlFor="auth-full-name">
                Full name
                <RequiredMark />
              </Label>
              <Input
                id="auth-full-name"
                autoComplete="name"
                aria-required="true"
                {...fieldErrorProps('auth-full-name', message('fullName'))}
                {...register('fullName')}
              />
              <FieldError id={errorIdOf('auth-full-name')} message={message('fullName')} />
            </div>

            <fieldset
              className="space-y-2"
              aria-describedby={message('userType') ? errorIdOf('auth-user-type') : undefined}
            >
              <legend className="text-sm leading-none font-medium">
                I am a
                <RequiredMark />
              </legend>
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
                      <span className="block text-sm text-muted-foreground">
                        {USER_TYPE_LABELS[type].hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id={errorIdOf('auth-user-type')} message={message('userType')} />
            </fieldset>
          </>
        )}

        <FieldError id="auth-form-error" message={formState.errors.root?.server?.message} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={pending}
          aria-busy={pending}
          aria-describedby={formState.errors.root?.server?.message ? 'auth-form-error' : undefined}
        >
          {pending && <Spinner />}
          {mode === 'sign-up' ? 'Sign Up' : 'Log In'}
        </Button>
      </form>

      {mode === 'sign-in' && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Can't sign in?{' '}
          <EmailSignInLinkButton
            email={() => getValues('email')}
            onInvalid={(message) => {
              mark([{ field: 'email', message }]);
              void showError('Validation Error', message);
            }}
          />
        </p>
      )}

      <p className="mt-6 text-center text-sm text-muted-foreground">
        {mode === 'sign-up' ? 'Already have an account?' : 'New to TradeNest?'}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {mode === 'sign-up' ? 'Log in' : 'Create an account'}
        </button>
      </p>
    </div>
  );
}
