import { SignInBody, SignUpBody } from '@domain/accounts/schemas';
import { USER_TYPES, type UserType } from '@domain/catalog/catalog';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { showError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSignIn, useSignUp } from './auth-mutations';
import { EmailSignInLinkButton, RedeemSignInLink } from './sign-in-link';

type FormValues = { email: string; password: string; fullName: string; userType: UserType };

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

  const { register, handleSubmit, setError, clearErrors, formState, getValues } = useForm<FormValues>({
    defaultValues: {
      email: '',
      password: '',
      fullName: '',
      userType: searchParams.get('type') === 'tradesperson' ? 'tradesperson' : 'customer',
    },
  });

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed =
      mode === 'sign-up'
        ? SignUpBody.safeParse(values)
        : SignInBody.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) {
      // Spec section 5: one toast with the first message only. Every failing field is marked invalid
      // (and the first focused) so the person sees where to look; what they typed stays.
      parsed.error.issues.forEach((issue, index) => {
        setError(issue.path[0] as keyof FormValues, { message: issue.message }, { shouldFocus: index === 0 });
      });
      void showError('Validation Error', parsed.error.issues[0]?.message);
      return;
    }
    const onError = (error: Error) =>
      void showError(
        error instanceof ApiError && error.code === 'validation_error' ? 'Validation Error' : 'Error',
        error.message,
      );
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

  const invalid = (field: keyof FormValues) => (formState.errors[field] ? true : undefined);

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
            aria-invalid={invalid('email')}
            {...register('email')}
          />
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
            aria-invalid={invalid('password')}
            aria-describedby={mode === 'sign-up' ? 'auth-password-hint' : undefined}
            {...register('password')}
          />
          {mode === 'sign-up' && (
            <p id="auth-password-hint" className="text-sm text-muted-foreground">
              At least 8 characters.
            </p>
          )}
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
                aria-invalid={invalid('fullName')}
                {...register('fullName')}
              />
            </div>

            <fieldset className="space-y-2">
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
            </fieldset>
          </>
        )}

        <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
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
              setError('email', { message }, { shouldFocus: true });
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
