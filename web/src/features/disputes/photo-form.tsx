import { DISPUTE_MESSAGES, DISPUTE_RULES } from '@domain/disputes/messages';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field-class';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUploadEvidencePhoto } from './api';
import { PHOTO_ACCEPT, photoProblem } from './checks';

// The server takes a caption as long as a statement.
const CAPTION_MAX = DISPUTE_RULES.evidenceTextMax;

/** A photo for the evidence, with an optional caption: JPEG, PNG or WebP up to 10 MB. */
export function EvidencePhotoForm({ disputeId }: { disputeId: string }) {
  const id = useId();
  const upload = useUploadEvidencePhoto(disputeId);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const pending = upload.isPending;

  const submit = () => {
    if (sending.current || pending) return;
    const found = photoProblem(file);
    setProblem(found);
    if (found || !file) {
      void showError('Validation Error', found ?? undefined);
      fileRef.current?.focus();
      return;
    }
    sending.current = true;
    upload.mutate(
      { file, caption },
      {
        onSuccess: () => {
          void showSuccess(DISPUTE_MESSAGES.photoAdded);
          setFile(null);
          setCaption('');
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) => void showError(errorMessage(error, DISPUTE_MESSAGES.photoFailed)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-busy={pending}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field
        id={`${id}-file`}
        label="Photo"
        required
        hint={`JPEG, PNG or WebP, up to ${DISPUTE_RULES.photoMaxBytes / (1024 * 1024)} MB. Up to ${DISPUTE_RULES.evidencePhotosMax} photos per dispute.`}
        error={problem}
      >
        {(control) => (
          <input
            ref={fileRef}
            type="file"
            accept={PHOTO_ACCEPT}
            required
            disabled={pending}
            {...control}
            onChange={(event) => {
              const next = event.target.files?.[0] ?? null;
              setFile(next);
              setProblem(next ? photoProblem(next) : null);
            }}
            className={cn(
              fieldClass,
              'h-auto file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground',
            )}
          />
        )}
      </Field>
      <Field
        id={`${id}-caption`}
        label={
          <>
            Caption <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        error={null}
      >
        {(control) => (
          <Input
            {...control}
            value={caption}
            maxLength={CAPTION_MAX}
            readOnly={pending}
            placeholder="What the photo shows"
            onChange={(event) => setCaption(event.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="outline" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner /> : <Upload aria-hidden="true" />}
          Upload photo
        </Button>
      </div>
    </form>
  );
}
