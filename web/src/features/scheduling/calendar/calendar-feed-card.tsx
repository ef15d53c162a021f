import { Copy, Link2, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api';

// The private calendar feed: an address calendar apps subscribe to. The server keeps only a hash of it,
// so the address is shown once, right after it is made; a new one replaces it.

export function FeedCard() {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The address just made: in memory only, gone on reload, as it is nowhere else.
  const [url, setUrl] = useState<string | null>(null);

  const make = (close?: () => void, fail?: (message: string) => void) =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        close?.();
      },
      onError: (error) => {
        const message = errorMessage(error, 'We could not make your feed link. Please try again.');
        if (fail) fail(message);
        else void showError(message);
      },
    });

  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5" />
          Calendar feed
        </CardTitle>
        <CardDescription>
          A private link that shows your bookings, milestone due dates and time off in Google Calendar, Apple
          Calendar or Outlook, kept up to date as they change. Anyone with the link can see them, so keep it
          to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading your feed…
          </p>
        ) : status.isError ? (
          <ErrorState text="We could not load your calendar feed." onRetry={() => void status.refetch()} />
        ) : status.data.feed === null ? (
          <Button onClick={() => make()} disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending && <Spinner />}
            Create feed link
          </Button>
        ) : (
          <>
            <p className="text-sm">
              Your feed link was made on {formatDateTime(status.data.feed.createdAt)}.
            </p>
            {url && <NewFeedLink key={url} url={url} />}
            <div className="flex flex-wrap gap-2">
              <ConfirmDialog
                trigger={
                  <Button variant="outline">
                    <RefreshCw aria-hidden="true" />
                    Regenerate link
                  </Button>
                }
                title="Make a new feed link?"
                description={
                  <p>
                    Your current link will stop working at once. Calendars subscribed to it stop updating
                    until you add the new link.
                  </p>
                }
                confirmLabel="Regenerate link"
                cancelLabel="Cancel"
                confirmVariant="default"
                pending={create.isPending}
                onConfirm={(close, fail) => make(close, fail)}
              />
              <ConfirmDialog
                trigger={
                  <Button variant="outline">
                    <Trash2 aria-hidden="true" />
                    Turn off
                  </Button>
                }
                title="Turn off your calendar feed?"
                description={
                  <p>
                    Your link will stop working at once, and calendars subscribed to it stop updating. You can
                    make a new link at any time.
                  </p>
                }
                confirmLabel="Turn off"
                cancelLabel="Cancel"
                pending={revoke.isPending}
                onConfirm={(close, fail) =>
                  revoke.mutate(undefined, {
                    onSuccess: () => {
                      setUrl(null);
                      close();
                      void showSuccess('Calendar feed turned off');
                    },
                    onError: (error) =>
                      fail(errorMessage(error, 'We could not turn off your feed. Please try again.')),
                  })
                }
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The address just made, with Copy and how to subscribe to it; focused when it appears (keyed by it). */
function NewFeedLink({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void showSuccess('Feed link copied');
    } catch {
      input.current?.select();
      void showError('We could not copy the link', 'It is selected: copy it with your keyboard or menu.');
    }
  };
  return (
    <div className="space-y-3 rounded-lg border border-border bg-muted/50 p-4">
      <Label htmlFor="calendar-feed-url">Your feed link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={input}
          id="calendar-feed-url"
          readOnly
          value={url}
          aria-describedby="calendar-feed-once"
          className="font-mono text-xs"
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p id="calendar-feed-once" className="text-sm text-muted-foreground">
        This link is shown only now. If you lose it, regenerate it and add the new one.
      </p>
      <h3 className="text-sm font-semibold">Add it to your calendar</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>
          <strong>Google Calendar</strong> (on a computer): next to Other calendars, choose +, then From URL.
          Paste the link and choose Add calendar.
        </li>
        <li>
          <strong>Apple Calendar</strong>: on a Mac, choose File, then New Calendar Subscription, and paste
          the link. On an iPhone or iPad, go to Settings, Calendar, Accounts, Add Account, Other, then Add
          Subscribed Calendar.
        </li>
        <li>
          <strong>Outlook</strong>: in your calendar, choose Add calendar, then Subscribe from web. Paste the
          link and choose Import.
        </li>
      </ul>
      <p className="text-sm text-muted-foreground">
        Calendar apps check subscribed calendars on their own schedule, from every few minutes to once a day.
      </p>
    </div>
  );
}
