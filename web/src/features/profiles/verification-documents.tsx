import type { DocumentKind } from '@domain/catalog/statuses';
import { londonToday } from '@domain/marketplace/schemas';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TYPES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  uploadDocumentSchema,
} from '@domain/profiles/documents';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import {
  errorIdOf,
  type FieldIssue,
  fieldErrorProps,
  issuesFromServer,
  isValidationError,
} from '@/lib/form-errors';
import { formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type DocumentView, errorMessage, useDeleteDocument, useDocuments, useUploadDocument } from './api';
import { DocumentStatusBadge } from './document-status-badge';
import { fieldClass } from './profile-fields';

const KINDS = Object.keys(DOCUMENT_KIND_LABELS) as DocumentKind[];
// Extensions as well as types: some systems send PDFs and photos with an empty or generic type.
const ACCEPT = [...DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',');
// The upload's fields, as the schema and the server name them (and the ids below end with them).
const FIELDS = ['kind', 'title', 'expiresOn', 'file'];
const looksAccepted = (file: File) =>
  (DOCUMENT_TYPES as readonly string[]).includes(file.type) || /\.(pdf|jpe?g|png|webp)$/i.test(file.name);

/**
 * Verification documents (DOMAIN-RULES 10): the list with each one's review status, and the upload
 * form. A document is saved as soon as it is uploaded.
 */
export function VerificationDocuments() {
  const documents = useDocuments();
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Upload photo ID and your public liability insurance, and any trade accreditations. Our team checks
        each one; you are verified once your ID and an in-date insurance certificate are approved, and only
        verified tradespeople appear in search. You can also add documents later.
      </p>
      <section aria-labelledby="documents-heading" className="space-y-3">
        <h3 id="documents-heading" className="font-semibold">
          Your documents
        </h3>
        {documents.isPending ? (
          <CardSkeletons count={2} height="h-16" />
        ) : documents.isError ? (
          <ErrorState text="We could not load your documents." onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No documents yet. Upload your photo ID and insurance below.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border bg-card">
            {documents.data.map((doc) => (
              <DocumentRow key={doc.id} document={doc} />
            ))}
          </ul>
        )}
      </section>
      <UploadDocumentForm />
    </div>
  );
}

function DocumentRow({ document }: { document: DocumentView }) {
  const remove = useDeleteDocument();
  return (
    <li className="flex flex-wrap items-start gap-3 p-4">
      <FileText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{document.title}</p>
        <p className="text-sm break-all text-muted-foreground">
          {DOCUMENT_KIND_LABELS[document.kind]} · {document.fileName}
          {document.expiresOn && ` · expires ${formatDateOnly(document.expiresOn, 'short')}`}
        </p>
        {document.status === 'rejected' && document.rejectionReason && (
          <p className="mt-1 text-sm text-destructive">{document.rejectionReason}</p>
        )}
      </div>
      <DocumentStatusBadge status={document.status} />
      {document.status === 'pending' && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Remove ${document.title}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(document.id, {
              onError: (error) => void showError('Error', errorMessage(error, 'Failed to remove document')),
            })
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

function UploadDocumentForm() {
  const id = useId();
  const upload = useUploadDocument();
  const fileRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<DocumentKind>('photo_id');
  const [title, setTitle] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // The one field with a problem, shown beside it; a refusal about no field is said by the button.
  const [problem, setProblem] = useState<FieldIssue | null>(null);

  const refuse = (issue: FieldIssue) => {
    setProblem({ ...issue });
    void showError('Validation Error', issue.message);
  };

  // Focus goes to the field once its message is on the page, so a screen reader reads them together.
  useEffect(() => {
    if (problem && problem.field !== 'form') document.getElementById(`${id}-${problem.field}`)?.focus();
  }, [problem, id]);

  const submit = () => {
    setProblem(null);
    const fields = uploadDocumentSchema().safeParse({ kind, title, expiresOn });
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      refuse({ field: String(issue.path[0] ?? 'kind'), message: issue.message });
      return;
    }
    if (!file) return refuse({ field: 'file', message: UPLOAD_MESSAGES.documentMissing });
    if (!looksAccepted(file)) return refuse({ field: 'file', message: UPLOAD_MESSAGES.documentType });
    if (file.size > UPLOAD_LIMITS.documentMaxBytes) {
      return refuse({ field: 'file', message: UPLOAD_MESSAGES.documentTooBig });
    }

    upload.mutate(
      { kind, title, expiresOn: kind === 'insurance' ? expiresOn : '', file },
      {
        onSuccess: (doc) => {
          void showSuccess('Document uploaded', `${doc.title} is waiting for review.`);
          setTitle('');
          setExpiresOn('');
          setFile(null);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to upload document');
          const issue = issuesFromServer(error).find((i) => FIELDS.includes(i.field));
          if (issue) return refuse(issue);
          void showError(isValidationError(error) ? 'Validation Error' : 'Error', message);
          setProblem({ field: 'form', message });
        },
      },
    );
  };

  const message = (field: string) => (problem?.field === field ? problem.message : undefined);
  const fieldId = (field: string) => `${id}-${field}`;

  // Not a <form>: this sits inside Business Setup's step, and its button must not submit anything else.
  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={upload.isPending}
      className="space-y-4 rounded-xl border border-border bg-card p-4 sm:p-6"
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        Upload a document
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={fieldId('kind')}>
            Document type
            <RequiredMark />
          </Label>
          <select
            id={fieldId('kind')}
            value={kind}
            aria-required="true"
            {...fieldErrorProps(fieldId('kind'), message('kind'))}
            onChange={(e) => setKind(e.target.value as DocumentKind)}
            className={cn(fieldClass, 'h-10')}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
          <FieldError id={errorIdOf(fieldId('kind'))} message={message('kind')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={fieldId('title')}>Title</Label>
          <Input
            id={fieldId('title')}
            value={title}
            placeholder={kind === 'accreditation' ? 'e.g. Gas Safe Register' : DOCUMENT_KIND_LABELS[kind]}
            {...fieldErrorProps(fieldId('title'), message('title'))}
            onChange={(e) => setTitle(e.target.value)}
          />
          <FieldError id={errorIdOf(fieldId('title'))} message={message('title')} />
        </div>
        {kind === 'insurance' && (
          <div className="space-y-2">
            <Label htmlFor={fieldId('expiresOn')}>
              Expiry date
              <RequiredMark />
            </Label>
            <Input
              id={fieldId('expiresOn')}
              type="date"
              min={londonToday()}
              value={expiresOn}
              aria-required="true"
              {...fieldErrorProps(fieldId('expiresOn'), message('expiresOn'))}
              onChange={(e) => setExpiresOn(e.target.value)}
            />
            <FieldError id={errorIdOf(fieldId('expiresOn'))} message={message('expiresOn')} />
          </div>
        )}
        <div className="space-y-2 sm:col-span-2">
          <Label htmlFor={fieldId('file')}>
            File
            <RequiredMark />
          </Label>
          <input
            ref={fileRef}
            id={fieldId('file')}
            type="file"
            accept={ACCEPT}
            required
            {...fieldErrorProps(fieldId('file'), message('file'), `${id}-file-hint`)}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={cn(
              fieldClass,
              'h-auto file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground',
            )}
          />
          <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
            PDF, JPEG, PNG or WebP, up to 10 MB.
          </p>
          <FieldError id={errorIdOf(fieldId('file'))} message={message('file')} />
        </div>
      </div>
      <FieldError id={`${id}-form-error`} message={message('form')} />
      <Button
        onClick={submit}
        disabled={upload.isPending}
        aria-busy={upload.isPending}
        aria-describedby={message('form') ? `${id}-form-error` : undefined}
      >
        {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        Upload document
      </Button>
    </section>
  );
}
