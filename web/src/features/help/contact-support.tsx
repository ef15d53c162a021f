import { Mail, Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { telHref, useSupportContact } from './api';

/** The Call Support button (a real tel: link to the configured number) and the support email. */
export function ContactSupport() {
  const contact = useSupportContact();

  if (contact.isPending) {
    // Holds the button's place so the page does not jump when the number arrives.
    return (
      <div role="status" className="flex h-12 items-center text-sm text-muted-foreground">
        Loading contact details…
      </div>
    );
  }

  if (contact.isError) {
    return (
      <div className="space-y-3">
        <p>We could not load our contact details just now.</p>
        <Button variant="outline" onClick={() => void contact.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { phone, email } = contact.data;
  return (
    <div className="space-y-4">
      <Button asChild size="lg" className="w-full sm:w-auto">
        <a href={telHref(phone)}>
          <Phone aria-hidden="true" />
          Call Support
        </a>
      </Button>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="flex items-center gap-2 font-medium">
          <Phone className="size-4 text-muted-foreground" aria-hidden="true" />
          Phone
        </dt>
        <dd>{phone}</dd>
        <dt className="flex items-center gap-2 font-medium">
          <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
          Email
        </dt>
        <dd>
          <a href={`mailto:${email}`} className="break-all text-primary underline underline-offset-4">
            {email}
          </a>
        </dd>
      </dl>
    </div>
  );
}
