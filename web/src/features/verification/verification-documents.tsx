import type { DocumentKind, DocumentStatus } from '@domain/catalog/statuses';
import { londonToday } from '@domain/marketplace/schemas';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TYPES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  uploadDocumentSchema,
} from '@domain/profiles/documents';
import {
  daysBetween,
  INSURANCE_REMINDER_DAYS,
  isInForce,
  type VerificationNeed,
} from '@domain/verification/verification';
import {
  BadgeCheck,
  Circle,
  CircleCheck,
  Clock,
  FileText,
  RefreshCw,
  Trash2,
  TriangleAlert,
  Upload,
  X,
} from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import {
  type DocumentsResponse,
  type DocumentView,
  useDeleteDocument,
  useDocuments,
  useUploadDocument,
} from './api';
import { DocumentStatusBadge } from './document-status-badge';

const KINDS = Object.keys(DOCUMENT_KIND_LABELS) as DocumentKind[];
// Extensions as well as types: some systems send PDFs and photos with an empty or generic type.
const ACCEPT = [...DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',');
// The upload's fields, as the schema and the server name them (and the ids below end with them).
const FIELDS = ['kind', 'title', 'expiresOn', 'file'];
const looksAccepted = (file: File) =>
  (DOCUMENT_TYPES as readonly string[]).includes(file.type) || /\.(pdf|jpe?g|png|webp)$/i.test(file.name);

/** Where the documents are shown: a step of Business Setup (under its h2), or the /documents page. */
type Placement = 'setup' | 'page';
type HeadingTag = 'h2' | 'h3';

/**
 * Verification documents (DOMAIN-RULES 10): what verification still needs, the list with each one's
 * review status, and the upload form. A document is saved as soon as it is uploaded. Business Setup's
 * Verification step and the /documents page both show this.
 */
export function VerificationDocuments({ placement = 'setup' }: { placement?: Placement }) {
  const query = useDocuments();
  // The document the upload form replaces; a fresh object per click, so a second click focuses again.
  const [replacing, setReplacing] = useState<DocumentView | null>(null);
  const Heading: HeadingTag = placement === 'page' ? 'h2' : 'h3';
  const today = londonToday();
  const documents = query.data?.documents ?? [];
  const titles = new Map(documents.map((d) => [d.id, d.title]));
  return (
    <div className="space-y-6">
      {query.isPending ? (
        <div
          aria-hidden="true"
          className="h-32 animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
        />
      ) : (
        query.data && (
          <VerificationSummary
            verification={query.data.verification}
            documents={documents}
            Heading={Heading}
          />
        )
      )}
      <p className="text-sm text-muted-foreground">
        Upload photo ID and your public liability insurance, and any trade accreditations. Our team checks
        each one; you are verified once your ID and an in-date insurance certificate are approved, and only
        verified tradespeople appear in search.{placement === 'setup' && ' You can also add documents later.'}
      </p>
      <section aria-labelledby="documents-heading" className="space-y-3">
        <Heading id="documents-heading" className="font-semibold">
          Your documents
        </Heading>
        {query.isPending ? (
          <CardSkeletons count={2} height="h-20" />
        ) : query.isError ? (
          <ErrorState text="We could not load your documents." onRetry={() => void query.refetch()} />
        ) : documents.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No documents yet. Upload your photo ID and insurance below.
          </p>
        ) : (
          <ul
            aria-labelledby="documents-heading"
            className="divide-y divide-border rounded-xl border border-border bg-card"
          >
            {documents.map((doc) => (
              <DocumentRow
                key={doc.id}
                document={doc}
                today={today}
                replacesTitle={doc.replacesId ? titles.get(doc.replacesId) : undefined}
                replacement={documents.find((d) => d.replacesId === doc.id && d.status === 'pending')}
                onReplace={() => setReplacing({ ...doc })}
              />
            ))}
          </ul>
        )}
      </section>
      <UploadDocumentForm
        Heading={Heading}
        replacing={replacing}
        onStopReplacing={() => setReplacing(null)}
      />
    </div>
  );
}

const NEEDS: { need: VerificationNeed; label: string }[] = [
  { need: 'photo_id', label: 'Photo ID approved' },
  { need: 'insurance', label: 'In-date public liability insurance approved' },
];

/** The server's answer to "am I verified?", and if not, what is still needed. */
function VerificationSummary({
  verification,
  documents,
  Heading,
}: {
  verification: DocumentsResponse['verification'];
  documents: DocumentView[];
  Heading: HeadingTag;
}) {
  if (verification.verified) {
    return (
      <section
        aria-labelledby="verification-heading"
        className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
      >
        <BadgeCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <Heading id="verification-heading" className="font-semibold">
            Your verification
          </Heading>
          <p className="mt-1 text-sm">You are verified: your badge shows and you appear in search.</p>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="verification-heading" className="rounded-xl border border-border bg-card p-4">
      <Heading id="verification-heading" className="font-semibold">
        Your verification
      </Heading>
      <p className="mt-1 text-sm text-muted-foreground">
        You are not verified yet. You get your badge and appear in search once both of these are done:
      </p>
      <ul className="mt-3 space-y-2">
        {NEEDS.map(({ need, label }) => {
          const done = !verification.missing.includes(need);
          const waiting = !done && documents.some((d) => d.kind === need && d.status === 'pending');
          return (
            <li key={need} className="flex items-start gap-2 text-sm">
              {done ? (
                <CircleCheck
                  className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400"
                  aria-hidden="true"
                />
              ) : waiting ? (
                <Clock
                  className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300"
                  aria-hidden="true"
                />
              ) : (
                <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="min-w-0">
                <span className={cn(done && 'font-medium')}>{label}</span>
                {done ? (
                  <span className="sr-only">: done</span>
                ) : waiting ? (
                  <span className="text-muted-foreground"> — waiting for review</span>
                ) : (
                  <span className="sr-only">: not yet</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "Expires in 12 days", "Expires tomorrow"…: the start of the insurance reminder. */
function expiresIn(days: number): string {
  if (days === 0) return 'Expires today';
  if (days === 1) return 'Expires in 1 day';
  return `Expires in ${days} days`;
}

function DocumentRow({
  document,
  today,
  replacesTitle,
  replacement,
  onReplace,
}: {
  document: DocumentView;
  today: string;
  /** The title of the document this one replaces, when that one is still listed. */
  replacesTitle: string | undefined;
  /** A pending document uploaded to replace this one. */
  replacement: DocumentView | undefined;
  onReplace: () => void;
}) {
  const remove = useDeleteDocument();
  const { expiresOn, status } = document;
  const lapsed = status === 'expired' || (expiresOn !== null && expiresOn < today);
  // Insurance in force that runs out within the first reminder's window (30 days).
  const daysLeft =
    document.kind === 'insurance' && expiresOn !== null && isInForce(document, today)
      ? daysBetween(today, expiresOn)
      : null;
  const expiringSoon = daysLeft !== null && daysLeft <= Math.max(...INSURANCE_REMINDER_DAYS);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="font-medium break-words">{document.title}</p>
            <DocumentStatusBadge status={status} />
          </div>
          <p className="text-sm break-words text-muted-foreground">
            {/* A long file name may break anywhere; the words around it only between words. */}
            {DOCUMENT_KIND_LABELS[document.kind]} · <span className="wrap-anywhere">{document.fileName}</span>
            {expiresOn && ` · ${lapsed ? 'expired' : 'expires'} ${formatDateOnly(expiresOn, 'short')}`}
          </p>
          {replacesTitle !== undefined && (
            <p className="text-sm break-words text-muted-foreground">Replaces '{replacesTitle}'</p>
          )}
          {status === 'rejected' && document.rejectionReason && (
            <p className="text-sm break-words text-destructive dark:text-red-300">
              <span className="font-medium">Reason:</span> {document.rejectionReason}
            </p>
          )}
          {expiringSoon && (
            <p className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {expiresIn(daysLeft)} —{' '}
                {replacement
                  ? 'your renewed certificate is waiting for review'
                  : 'upload your renewed certificate'}
              </span>
            </p>
          )}
        </div>
      </div>
      {(status === 'pending' || REPLACEABLE.includes(status)) && (
        <div className="flex shrink-0 items-center gap-2 pl-8 sm:pl-0">
          {REPLACEABLE.includes(status) && (
            <Button variant="outline" size="sm" aria-label={`Replace ${document.title}`} onClick={onReplace}>
              <RefreshCw aria-hidden="true" />
              Replace
            </Button>
          )}
          {status === 'pending' && (
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={`Remove ${document.title}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(document.id, {
                  onError: (error) =>
                    void showError('Error', errorMessage(error, 'Failed to remove document')),
                })
              }
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

const REPLACEABLE: readonly DocumentStatus[] = ['approved', 'rejected', 'expired'];

/** The upload's fields as the server checks them, then the file, checked here to spare a pointless upload. */
const UploadForm = z
  .object({
    kind: z.custom<DocumentKind>(),
    title: z.string(),
    expiresOn: z.string(),
    file: z.custom<File | null>(),
  })
  .superRefine((values, ctx) => {
    const fields = uploadDocumentSchema().safeParse(values);
    if (!fields.success) {
      for (const { path, message } of fields.error.issues) ctx.addIssue({ code: 'custom', path, message });
      return;
    }
    const problem = fileProblemOf(values.file);
    if (problem) ctx.addIssue({ code: 'custom', path: ['file'], message: problem });
  });
type UploadValues = z.output<typeof UploadForm>;

function fileProblemOf(file: File | null): string | null {
  if (!file) return UPLOAD_MESSAGES.documentMissing;
  if (!looksAccepted(file)) return UPLOAD_MESSAGES.documentType;
  if (file.size > UPLOAD_LIMITS.documentMaxBytes) return UPLOAD_MESSAGES.documentTooBig;
  return null;
}

function UploadDocumentForm({
  Heading,
  replacing,
  onStopReplacing,
}: {
  Heading: HeadingTag;
  replacing: DocumentView | null;
  onStopReplacing: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { form, onSubmit, pending } = useUploadDocumentForm(replacing, onStopReplacing, headingRef);
  const formError = form.formState.errors.root?.server?.message;

  // Not a <form>: this sits inside Business Setup's step, and its button must not submit anything else.
  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={pending}
      className="space-y-4 rounded-xl border border-border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading
          id={`${id}-heading`}
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 font-semibold break-words outline-none"
        >
          {replacing ? `Replace '${replacing.title}'` : 'Upload a document'}
        </Heading>
        {replacing && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onStopReplacing();
              headingRef.current?.focus();
            }}
          >
            <X aria-hidden="true" />
            Cancel replace
          </Button>
        )}
      </div>
      {replacing && (
        <p className="text-sm text-muted-foreground">
          Upload the new version. Our team checks it like any other document.
        </p>
      )}
      <UploadFields id={id} form={form} replacing={replacing !== null} />
      <FieldError id={`${id}-form-error`} message={formError} />
      <Button
        onClick={() => void onSubmit()}
        disabled={pending}
        aria-busy={pending}
        aria-describedby={formError ? `${id}-form-error` : undefined}
      >
        {pending ? <Spinner /> : <Upload aria-hidden="true" />}
        Upload document
      </Button>
    </section>
  );
}

type UploadFormApi = ZodForm<typeof UploadForm>;

/** The upload's values, presetting them for a replacement, and the upload itself. */
function useUploadDocumentForm(
  replacing: DocumentView | null,
  onStopReplacing: () => void,
  headingRef: RefObject<HTMLHeadingElement | null>,
) {
  const upload = useUploadDocument();
  const form: UploadFormApi = useZodForm(UploadForm, {
    defaultValues: { kind: 'photo_id', title: '', expiresOn: '', file: null },
  });
  const mark = useMarkFields(form, FIELDS);

  // Replace presets the kind (fixed while replacing) and the old title, then brings the form into view
  // with its heading focused, so keyboard and screen-reader users land where the new file is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per click on Replace
  useEffect(() => {
    if (!replacing) return;
    form.setValue('kind', replacing.kind);
    form.setValue('title', replacing.title);
    form.setValue('expiresOn', '');
    form.clearErrors();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus();
  }, [replacing]);

  const onSubmit = form.submitWith(({ kind, title, expiresOn, file }: UploadValues) => {
    if (!file) return; // Refused by the schema already; this only tells TypeScript.
    upload.mutate(
      { kind, title, expiresOn: kind === 'insurance' ? expiresOn : '', replaces: replacing?.id, file },
      {
        onSuccess: (doc) => {
          void showSuccess('Document uploaded', `${doc.title} is waiting for review.`);
          onStopReplacing();
          form.reset({ kind, title: '', expiresOn: '', file: null });
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to upload document');
          const issue = issuesFromServer(error).find((i) => FIELDS.includes(i.field));
          void showError(
            issue || isValidationError(error) ? 'Validation Error' : 'Error',
            issue?.message ?? message,
          );
          if (!(issue && mark([issue]))) form.setError('root.server', { message });
        },
      },
    );
  });
  return { form, onSubmit, pending: upload.isPending };
}

/** Document type, title, the insurance's expiry date and the file. */
function UploadFields({ id, form, replacing }: { id: string; form: UploadFormApi; replacing: boolean }) {
  const { register, formState, watch } = form;
  const kind = watch('kind');
  const fileField = useController({ control: form.control, name: 'file' }).field;
  const fileInput = useRef<HTMLInputElement | null>(null);
  // A file input's value cannot be set, only emptied: once the form has let go of the file (uploaded),
  // the input lets go of it too.
  useEffect(() => {
    if (fileField.value === null && fileInput.current) fileInput.current.value = '';
  }, [fileField.value]);
  const message = (field: keyof UploadValues) => formState.errors[field]?.message;
  const fieldId = (field: string) => `${id}-${field}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={fieldId('kind')} label="Document type" required error={message('kind')}>
        {(control) => (
          <select
            disabled={replacing}
            {...control}
            {...register('kind', {
              // Only insurance has an expiry date: a date or message left from it would be about a field
              // no longer on screen.
              onChange: () => {
                form.setValue('expiresOn', '');
                form.clearErrors('expiresOn');
              },
            })}
            className={cn(fieldClass, 'h-10')}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fieldId('title')} label="Title" error={message('title')}>
        {(control) => (
          <Input
            placeholder={kind === 'accreditation' ? 'e.g. Gas Safe Register' : DOCUMENT_KIND_LABELS[kind]}
            {...control}
            {...register('title')}
          />
        )}
      </Field>
      {kind === 'insurance' && (
        <Field id={fieldId('expiresOn')} label="Expiry date" required error={message('expiresOn')}>
          {(control) => <Input type="date" min={londonToday()} {...control} {...register('expiresOn')} />}
        </Field>
      )}
      <Field
        id={fieldId('file')}
        label="File"
        required
        hint="PDF, JPEG, PNG or WebP, up to 10 MB."
        error={message('file')}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            ref={(element) => {
              fileField.ref(element);
              fileInput.current = element;
            }}
            name={fileField.name}
            type="file"
            accept={ACCEPT}
            required
            {...control}
            onBlur={fileField.onBlur}
            onChange={(e) => fileField.onChange(e.target.files?.[0] ?? null)}
            className={cn(
              fieldClass,
              'h-auto file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground',
            )}
          />
        )}
      </Field>
    </div>
  );
}
