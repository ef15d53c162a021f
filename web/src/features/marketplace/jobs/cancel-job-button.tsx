import { XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCancelJob } from './api';

/** Cancels an open job after a confirmation; its pending quotes are rejected by the server. */
export function CancelJobButton({ jobId, className }: { jobId: string; className?: string }) {
  const cancel = useCancelJob();
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          className={cn('text-destructive dark:text-foreground', className)}
        >
          <XCircle aria-hidden="true" />
          Cancel job
        </Button>
      }
      title="Cancel this job?"
      description="Tradespeople will no longer be able to quote, and any pending quotes will be declined. This cannot be undone."
      confirmLabel="Cancel job"
      cancelLabel="Keep job"
      pending={cancel.isPending}
      onConfirm={(close, fail) =>
        cancel.mutate(jobId, {
          onSuccess: () => {
            close();
            void showSuccess('Job cancelled');
          },
          onError: (error) => {
            const message = errorMessage(error, 'Failed to cancel job');
            fail(message);
            void showError('Error', message);
          },
        })
      }
    />
  );
}
