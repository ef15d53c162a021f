import { Flag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/lib/use-lazy-dialog';

const loadDialog = () => import('./report-review-dialog');

/**
 * 'Report' under a published review, for anyone signed in (the server refuses the review's own author).
 * The button is all a page of reviews loads; its dialog (report-review-dialog.tsx) loads when first
 * wanted. Once reported here, the button becomes a note: a second report changes nothing.
 */
export function ReportReviewButton({
  review,
  reported,
  onReported,
}: {
  /** The review, and how its author is named on screen. */
  review: { id: string; reviewerName: string };
  reported: boolean;
  onReported: (reviewId: string) => void;
}) {
  const dialog = useLazyDialog(loadDialog);

  if (reported) {
    return (
      <span className="inline-flex h-9 items-center gap-1.5 text-sm text-muted-foreground">
        <Flag className="size-4" aria-hidden="true" />
        Reported
      </span>
    );
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Report review by ${review.reviewerName}`}
        {...dialog.button}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      {dialog.Dialog && <dialog.Dialog review={review} onReported={onReported} {...dialog.dialog} />}
    </>
  );
}
