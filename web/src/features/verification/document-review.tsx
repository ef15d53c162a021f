import { ADMIN_LIMITS } from '@domain/admin/messages';
import { DOCUMENT_KIND_LABELS } from '@domain/profiles/documents';
import { Check, ChevronDown, FileText, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ReasonDialog, type ReasonOutcome } from '@/components/admin/reason-dialog';
import { VerifiedBadge } from '@/components/admin/user-badges';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isConflict } from '@/lib/api';
import { focusAfterDialog } from '@/lib/focus';
import { isValidationError } from '@/lib/form-errors';
import { formatBytes, formatDate, formatDateOnly, formatDateTime } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type AdminDocumentView, type Decision, useDocumentDecision } from './api';
import { DocumentStatusBadge } from './document-status-badge';
import { DocumentViewer } from './document-viewer';

const personName = (person: { fullName: string | null; email: string }) => person.fullName ?? person.email;

/**
 * One verification document as an admin reviews it (DOMAIN-RULES 10): whose it is, what it is, its
 * dates, what it replaces, the file itself, and the decision. A pending document can be approved or
 * rejected; an approved one can still be rejected later (the approval is withdrawn). The decision
 * carries the version shown here, so a document that changed meanwhile is not overwritten.
 */
export function DocumentReview({
  document,
  headingLevel = 'h2',
  showTradesperson = true,
  onDecided,
}: {
  document: AdminDocumentView;
  headingLevel?: 'h2' | 'h3';
  /** Off on the tradesperson's own page, which says whose documents these are. */
  showTradesperson?: boolean;
  /** After a decision went through (the queue moves focus on, as the item leaves it). */
  onDecided?: (document: AdminDocumentView) => void;
}) {
  const id = useId();
  const articleRef = useRef<HTMLElement>(null);
  const Heading = headingLevel;
  const kind = DOCUMENT_KIND_LABELS[document.kind] ?? document.kind;

  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-border bg-card p-4 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{kind}</p>
          <Heading id={`${id}-title`} className="text-lg font-semibold break-words">
            {document.title}
          </Heading>
        </div>
        <DocumentStatusBadge status={document.status} />
      </div>
      {showTradesperson && <Tradesperson person={document.tradesperson} />}
      <DocumentFacts document={document} />
      <FileViewer viewerId={`${id}-file`} document={document} kind={kind} />
      {(document.status === 'pending' || document.status === 'approved') && (
        <DocumentDecision
          document={document}
          kind={kind}
          onDecided={() => {
            // The queue moves focus on itself; elsewhere the card stays, without the button that was used.
            if (onDecided) onDecided(document);
            else focusAfterDialog(() => articleRef.current);
          }}
        />
      )}
    </article>
  );
}

function Tradesperson({ person }: { person: AdminDocumentView['tradesperson'] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <Link to={`/admin/users/${person.id}`} className="font-medium break-words text-primary hover:underline">
        {person.fullName ?? 'Deleted user'}
      </Link>
      <span className="break-all text-muted-foreground">{person.email}</span>
      {person.trade && <span className="text-muted-foreground">{person.trade}</span>}
      <VerifiedBadge verified={person.verified} />
    </div>
  );
}

/** Its dates and file, what it replaces, and the reason it was refused. */
function DocumentFacts({ document }: { document: AdminDocumentView }) {
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail term="Uploaded">{formatDateTime(document.createdAt)}</Detail>
        <Detail term="Expires">
          {document.expiresOn ? formatDateOnly(document.expiresOn, 'short') : 'No expiry date'}
        </Detail>
        <Detail term="File">
          <span className="break-all">{document.fileName}</span> · {formatBytes(document.sizeBytes)}
        </Detail>
        {document.reviewedAt && (
          <Detail term="Decided">
            {formatDate(document.reviewedAt)}
            {document.reviewerName && ` by ${document.reviewerName}`}
          </Detail>
        )}
      </dl>
      {document.replaces && (
        <p className="flex flex-wrap items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
          <span>
            Replaces <span className="font-medium">{document.replaces.title}</span>
            {document.replaces.expiresOn &&
              ` (expires ${formatDateOnly(document.replaces.expiresOn, 'short')})`}
          </span>
          <DocumentStatusBadge status={document.replaces.status} />
        </p>
      )}
      {document.rejectionReason && (document.status === 'rejected' || document.status === 'expired') && (
        <p className="text-sm">
          <span className="font-medium">Reason given: </span>
          {document.rejectionReason}
        </p>
      )}
    </>
  );
}

/** 'View file' opens the document itself under the card. */
function FileViewer({
  viewerId,
  document,
  kind,
}: {
  viewerId: string;
  document: AdminDocumentView;
  kind: string;
}) {
  const [viewing, setViewing] = useState(false);
  return (
    <div className="space-y-3">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={viewing}
        aria-controls={viewing ? viewerId : undefined}
        onClick={() => setViewing((open) => !open)}
      >
        <FileText aria-hidden="true" />
        {viewing ? 'Hide file' : 'View file'}
        <ChevronDown aria-hidden="true" className={cn('transition-transform', viewing && 'rotate-180')} />
      </Button>
      {viewing && (
        <div id={viewerId}>
          <DocumentViewer
            document={document}
            label={`${kind} from ${personName(document.tradesperson)}: ${document.title}`}
          />
        </div>
      )}
    </div>
  );
}

/** Approve (a pending document) and Reject or Withdraw approval, with a reason. */
function DocumentDecision({
  document,
  kind,
  onDecided,
}: {
  document: AdminDocumentView;
  kind: string;
  onDecided: () => void;
}) {
  const decide = useDocumentDecision();
  const owner = personName(document.tradesperson);
  const approved = document.status === 'approved';

  // mutateAsync: the answer is handled even when this card has already left the queue.
  const send = (decision: Decision, outcome?: ReasonOutcome) =>
    void decide.mutateAsync({ document, decision }).then(
      ({ verified }) => {
        outcome?.close();
        void showSuccess(
          decision.decision === 'approve' ? 'Document approved' : 'Document rejected',
          `${owner} ${verified ? 'is verified' : 'is not verified'}.`,
        );
        onDecided();
      },
      (error: unknown) => {
        const message = errorMessage(error, 'The decision could not be saved. Please try again.');
        if (outcome && isValidationError(error)) return outcome.reasonError(message);
        // Changed or decided meanwhile: the list reloads (useDocumentDecision), the toast says why.
        if (isConflict(error) || !outcome) {
          outcome?.close();
          void showError('Error', message);
          return;
        }
        outcome.fail(message);
      },
    );

  const rejecting = decide.isPending && decide.variables?.decision.decision === 'reject';
  const approving = decide.isPending && decide.variables?.decision.decision === 'approve';

  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
      {document.status === 'pending' && (
        <Button
          disabled={decide.isPending}
          aria-busy={approving}
          aria-label={`Approve ${document.title} from ${owner}`}
          onClick={() => send({ decision: 'approve' })}
        >
          {approving ? <Spinner /> : <Check aria-hidden="true" />}
          Approve
        </Button>
      )}
      <ReasonDialog
        trigger={
          <Button
            variant="outline"
            className="text-destructive dark:text-red-300"
            disabled={decide.isPending}
            aria-label={`${approved ? 'Withdraw approval of' : 'Reject'} ${document.title} from ${owner}`}
          >
            <X aria-hidden="true" />
            {approved ? 'Withdraw approval' : 'Reject'}
          </Button>
        }
        title={approved ? 'Withdraw this approval?' : 'Reject this document?'}
        description={
          <>
            <p>
              {kind} “{document.title}” from {owner}.
            </p>
            <p>
              {approved
                ? 'The document becomes rejected and no longer counts towards verification.'
                : 'The tradesperson is told, with your reason, and can upload another.'}
            </p>
          </>
        }
        hint={`The tradesperson sees this reason. Up to ${ADMIN_LIMITS.reasonMax} characters.`}
        confirmLabel={approved ? 'Withdraw approval' : 'Reject document'}
        pending={rejecting}
        onConfirm={(reason, outcome) => send({ decision: 'reject', reason }, outcome)}
      />
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
