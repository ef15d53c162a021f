import type { PhotoView } from '@domain/photos/api';
import { Images } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/lib/use-lazy-dialog';

const loadDialog = () => import('./edit-job-photos-dialog');

/**
 * The owner of an open job adds, removes, reorders and captions its photos (saved as one list). The
 * button is all the job's page loads; its dialog (edit-job-photos-dialog.tsx) loads when first wanted.
 */
export function EditJobPhotosButton({ jobId, photos }: { jobId: string; photos: readonly PhotoView[] }) {
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Button variant="outline" size="sm" {...dialog.button}>
        <Images aria-hidden="true" />
        {photos.length > 0 ? 'Edit photos' : 'Add photos'}
      </Button>
      {dialog.Dialog && <dialog.Dialog jobId={jobId} photos={photos} {...dialog.dialog} />}
    </>
  );
}
