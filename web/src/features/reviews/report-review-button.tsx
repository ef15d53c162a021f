import { Flag } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

const ReportReviewDialog = lazy(() => import('./report-review-dialog'));

/**
 * 'Report' under a published review, for anyone signed in (the server refuses the review's own author).
 * The button is all a page of reviews loads; its dialog (report-review-dialog.tsx) is fetched when first
 * opened, or as the pointer comes near. Once reported here, the button becomes a note: a second report
 * changes nothing.
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
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the dialog keeps what was typed while it is closed and opened.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

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
        ref={button}
        variant="ghost"
        size="sm"
        aria-label={`Report review by ${review.reviewerName}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportReviewDialog
            review={review}
            open={open}
            onOpenChange={setOpen}
            onReported={onReported}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}

/** Starts fetching the dialog's code before the click, so it usually opens at once. */
function preload() {
  void import('./report-review-dialog');
}
