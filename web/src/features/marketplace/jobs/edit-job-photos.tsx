import type { PhotoView } from '@domain/photos/api';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import { Images } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PhotoPicker, usePhotoList } from '@/features/photos';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { useEditJob } from './api';

/** The owner of an open job adds, removes, reorders and captions its photos (saved as one list). */
export function EditJobPhotosButton({ jobId, photos }: { jobId: string; photos: readonly PhotoView[] }) {
  const [open, setOpen] = useState(false);
  const edit = useEditJob(jobId);
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm">
          <Images aria-hidden="true" />
          {photos.length > 0 ? 'Edit photos' : 'Add photos'}
        </Button>
      }
      title="Photos of this job"
      description="Tradespeople see them in this order. Changes are saved when you press Save photos."
      open={open}
      onOpenChange={setOpen}
      pending={edit.isPending}
      className="max-w-2xl"
    >
      <EditPhotosForm photos={photos} edit={edit} onDone={() => setOpen(false)} />
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
