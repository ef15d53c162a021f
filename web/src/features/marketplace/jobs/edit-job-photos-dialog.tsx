import type { PhotoView } from '@domain/photos/api';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import { useState } from 'react';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PhotoPicker, usePhotoList } from '@/features/photos';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import type { LazyDialogProps } from '@/lib/use-lazy-dialog';
import { useEditJob } from './api';

/**
 * The dialog behind 'Edit photos' (edit-job-photos.tsx), loaded the first time its owner wants it:
 * the photo picker, its uploads and the dialog library are code no other viewer of a job needs.
 */
export default function EditJobPhotosDialog({
  jobId,
  photos,
  open,
  onOpenChange,
  returnFocusTo,
}: LazyDialogProps & { jobId: string; photos: readonly PhotoView[] }) {
  const edit = useEditJob(jobId);
  return (
    <FormDialog
      title="Photos of this job"
      description="Tradespeople see them in this order. Changes are saved when you press Save photos."
      open={open}
      onOpenChange={onOpenChange}
      pending={edit.isPending}
      className="max-w-2xl"
      returnFocusTo={returnFocusTo}
    >
      <EditPhotosForm photos={photos} edit={edit} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EditPhotosForm({
  photos,
  edit,
  onDone,
}: {
  photos: readonly PhotoView[];
  edit: ReturnType<typeof useEditJob>;
  onDone: () => void;
}) {
  // Mounted with the dialog: it opens on the job's current photos every time.
  const list = usePhotoList(photos);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (list.uploading) {
          setProblem(PHOTO_MESSAGES.stillUploading);
          return;
        }
        setProblem(null);
        edit.mutate(
          { photos: list.attachments() },
          {
            onSuccess: () => {
              onDone();
              void showSuccess('Photos saved');
            },
            onError: (error) => {
              // The list stays as it is, so nothing picked is lost.
              const message = errorMessage(error, 'Failed to save photos');
              setProblem(message);
              void showError('Error', message);
            },
          },
        );
      }}
    >
      <PhotoPicker list={list} id="edit-job-photos" />
      <FieldError id="edit-job-photos-error" message={problem} />
      <DialogActions
        onCancel={onDone}
        confirmLabel="Save photos"
        pending={edit.isPending}
        describedBy={problem ? 'edit-job-photos-error' : null}
      />
    </form>
  );
}
