import { formatPence } from '@domain/payments/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, humanise } from '@/lib/format';
import type { AdminSupportConversationView } from './admin-api';
import { personLabel } from './format';

const LINK =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The person's account and what they have with us that an admin may open: bookings, payments, disputes. */
export function PersonLinks({ conversation: c }: { conversation: AdminSupportConversationView }) {
  const { person, links } = c;
  return (
    <aside
      aria-labelledby="person-heading"
      className="space-y-4 rounded-xl border border-border bg-card p-4 text-sm"
    >
      <div>
        <h2 id="person-heading" className="text-base font-semibold">
          {personLabel(person)}
        </h2>
        {person.email && <p className="break-all text-muted-foreground">{person.email}</p>}
        {person.userId ? (
          <Link to={`/admin/users/${encodeURIComponent(person.userId)}`} className={LINK}>
            View account
          </Link>
        ) : (
          <p className="text-muted-foreground">A visitor without an account: answer by email.</p>
        )}
      </div>
      {links && (
        <>
          <LinkList title="Bookings" empty="No bookings.">
            {links.bookings.map((b) => (
              <li key={b.id}>
                <Link to={`/job/${encodeURIComponent(b.jobId)}`} className={LINK}>
                  {b.jobTitle}
                </Link>
                <span className="block text-muted-foreground">
                  {humanise(b.status)} · {formatPence(b.amountPence)}
                </span>
              </li>
            ))}
          </LinkList>
          <LinkList title="Payments" empty="No payments.">
            {links.payments.map((p) => (
              <li key={p.id}>
                <Link to="/admin/payments" className={LINK}>
                  {formatPence(p.amountPence)} on {formatDate(p.createdAt)}
                </Link>
                <span className="block text-muted-foreground">{humanise(p.status)}</span>
              </li>
            ))}
          </LinkList>
          <LinkList title="Disputes" empty="No disputes.">
            {links.disputes.map((d) => (
              <li key={d.id}>
                <Link to={`/admin/disputes/${encodeURIComponent(d.id)}`} className={LINK}>
                  {d.reason}
                </Link>
                <span className="block text-muted-foreground">{humanise(d.status)}</span>
              </li>
            ))}
          </LinkList>
        </>
      )}
    </aside>
  );
}

function LinkList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      {children.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-1 space-y-2">{children}</ul>
      )}
    </section>
  );
}
