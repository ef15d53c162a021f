import { EMAIL_SWITCH_TEXT, NOTIFICATION_MESSAGES } from '@domain/notifications/schemas';
import { CircleCheck, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useUnsubscribe, useUnsubscribeLink } from './api';

const INVALID_LINK = NOTIFICATION_MESSAGES.unknownToken;

/**
 * /unsubscribe?token=…, opened from an email's link, signed in or not. Opening it changes nothing:
 * mail scanners open links, so only the button turns the emails off.
 */
export function Unsubscribe({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe();
  const setting = unsubscribe.data?.setting ?? link.data?.setting;
  const text = setting ? EMAIL_SWITCH_TEXT[setting] : null;

  let content: ReactNode;
  if (token === '' || (link.error instanceof ApiError && link.error.status === 404)) {
    content = <Problem text={INVALID_LINK} />;
  } else if (link.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Checking your link…
      </p>
    );
  } else if (!text) {
    content = (
      <div role="alert">
        <p className="font-medium">We could not check your link.</p>
        <Button variant="outline" className="mt-4" onClick={() => void link.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (unsubscribe.isSuccess) {
    content = (
      <div role="status">
        <p className="flex items-center gap-2 font-semibold">
          <CircleCheck className="size-5 text-primary" aria-hidden="true" />
          You are unsubscribed
        </p>
        <p className="mt-2 text-muted-foreground">
          You will no longer get {text.stops}. You can turn them back on under Profile, Settings, '
          {text.label}'.
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Go to TradeNest</Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <div>
        <p>
          You will stop getting {text.stops} ('{text.label}' in your settings). Emails about your account's
          security, such as confirming your email address, still arrive.
        </p>
        {unsubscribe.isError && (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive">
            {unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
              ? INVALID_LINK
              : 'We could not unsubscribe you. Please try again.'}
          </p>
        )}
        <Button
          className="mt-6 w-full sm:w-auto"
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {unsubscribe.isPending && <Spinner />}
          Unsubscribe
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <MailX className="size-6" aria-hidden="true" />
            Unsubscribe
          </h1>
          <CardDescription>Choose which emails TradeNest sends you.</CardDescription>
        </CardHeader>
        <CardContent>{content}</CardContent>
      </Card>
    </div>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <div role="alert">
      <p className="font-medium">{text}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to="/profile">Go to Settings</Link>
      </Button>
    </div>
  );
}
