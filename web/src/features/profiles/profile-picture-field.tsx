import { PICTURE_TYPES, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@domain/profiles/documents';
import { Camera, Trash2, UserRound } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { isValidationError } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useRemovePicture, useUploadPicture } from './api';
import { SAVE_FAILED } from './form-errors';

/**
 * The profile picture: shown at once as a preview while it uploads, then replaced by the stored,
 * resized copy. The server checks the file's content; these checks only save a pointless upload.
 */
export function ProfilePictureField({ avatarUrl }: { avatarUrl: string | null }) {
  const { upload, remove, preview, problem, onFile, removePicture } = usePicture();
  const busy = upload.isPending || remove.isPending;

  return (
    <section aria-labelledby="profile-picture-heading" className="flex flex-wrap items-center gap-4">
      <PicturePreview preview={preview} avatarUrl={avatarUrl} uploading={upload.isPending} />
      <div className="min-w-0 space-y-2">
        <h2 id="profile-picture-heading" className="text-sm font-medium">
          Profile picture
        </h2>
        <div className="flex flex-wrap gap-2">
          <input
            id="profile-picture-input"
            type="file"
            accept={PICTURE_TYPES.join(',')}
            className="peer sr-only"
            disabled={busy}
            onChange={onFile}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'profile-picture-hint profile-picture-error' : 'profile-picture-hint'}
          />
          <label
            htmlFor="profile-picture-input"
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-50',
            )}
          >
            <Camera aria-hidden="true" />
            {avatarUrl ? 'Change photo' : 'Upload photo'}
          </label>
          {avatarUrl && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={removePicture}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          )}
        </div>
        <p id="profile-picture-hint" className="text-xs text-muted-foreground">
          JPEG, PNG or WebP, up to 5 MB. We crop it to a square.
        </p>
        <FieldError id="profile-picture-error" message={problem} />
        <p role="status" className="sr-only">
          {upload.isPending ? 'Uploading your picture…' : ''}
        </p>
      </div>
    </section>
  );
}

/** The chosen file's checks, its preview while it uploads, the upload and removal, and the last problem. */
function usePicture() {
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [preview, setPreview] = useState<string | null>(null);
  // The last refusal or failure, shown under the buttons and read with the file field.
  const [problem, setProblem] = useState<string | null>(null);

  // A preview's object URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
      setProblem(UPLOAD_MESSAGES.pictureType);
      void showError('Validation Error', UPLOAD_MESSAGES.pictureType);
      return;
    }
    if (file.size > UPLOAD_LIMITS.pictureMaxBytes) {
      setProblem(UPLOAD_MESSAGES.pictureTooBig);
      void showError('Validation Error', UPLOAD_MESSAGES.pictureTooBig);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => void showSuccess('Profile picture updated'),
      onError: (error) => {
        const refused = isValidationError(error) || (error instanceof ApiError && error.status === 413);
        void showError(refused ? 'Validation Error' : SAVE_FAILED, error.message);
        setProblem(refused ? error.message : `${SAVE_FAILED}. ${error.message}`);
      },
      onSettled: () => setPreview(null),
    });
  };

  const removePicture = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setProblem(null);
        void showSuccess('Profile picture removed');
      },
      onError: (error) => {
        setProblem(`${SAVE_FAILED}. ${error.message}`);
        void showError(SAVE_FAILED, error.message);
      },
    });

  return { upload, remove, preview, problem, onFile, removePicture };
}

/** The stored picture, or the chosen file while it uploads, or a placeholder. */
function PicturePreview({
  preview,
  avatarUrl,
  uploading,
}: {
  preview: string | null;
  avatarUrl: string | null;
  uploading: boolean;
}) {
  const shown = preview ?? avatarUrl;
  return (
    <div className="relative size-24 shrink-0 overflow-hidden rounded-full border border-border bg-muted">
      {shown ? (
        <img
          src={shown}
          alt={preview ? 'Preview of your new profile picture' : 'Your profile picture'}
          className="size-full object-cover"
        />
      ) : (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          <UserRound className="size-10" aria-hidden="true" />
        </span>
      )}
      {uploading && (
        <span className="absolute inset-0 flex items-center justify-center bg-background/60">
          <Spinner className="size-6" />
        </span>
      )}
    </div>
  );
}
