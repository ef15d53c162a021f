import { REVIEW_MESSAGES, REVIEW_RULES } from '@domain/reviews/messages';
import { Star } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { useSubmitReview } from './api';
import { firstName, reviewsCloseText } from './format';
import { type StarRatingHandle, StarRatingInput } from './star-rating-input';

/**
 * Leave Review (spec sections 2 and 5): 1 to 5 stars, an optional comment, and why nobody sees it yet
 * (fair reveal). Without a rating nothing is sent; a refusal keeps what was typed for another try.
 */
export function LeaveReviewDialog({
  bookingId,
  jobTitle,
  revieweeName,
  closesAt,
  otherReviewed = false,
  triggerVariant = 'default',
}: {
  bookingId: string;
  jobTitle: string;
  /** The person being reviewed (null for a deleted account). */
  revieweeName: string | null;
  closesAt: string;
  /** They have reviewed me already: mine publishes both. */
  otherReviewed?: boolean;
  triggerVariant?: 'default' | 'outline';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const stars = useRef<StarRatingHandle>(null);
  // A second click in the same moment sends nothing: the button is disabled, and this guards the gap.
  const sending = useRef(false);
  const submit = useSubmitReview(bookingId);
  const pending = submit.isPending;
  const name = firstName(revieweeName);

  const send = () => {
    if (sending.current) return;
    if (rating === null) {
      void showError('Error', REVIEW_MESSAGES.ratingRequired);
      stars.current?.focus();
      return;
    }
    sending.current = true;
    submit.mutate(
      { rating, comment: comment.trim() || null },
      {
        onSuccess: () => {
          void showSuccess(REVIEW_MESSAGES.thanks);
          setOpen(false);
          setRating(null);
          setComment('');
        },
        onError: (error) => void showError(errorMessage(error, REVIEW_MESSAGES.failed)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant={triggerVariant}>
          <Star aria-hidden="true" />
          Leave Review
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-lg"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          stars.current?.focus();
        }}
      >
        <DialogTitle>Leave a review</DialogTitle>
        <DialogDescription>
          How did it go with {revieweeName?.trim() || 'Deleted user'} on ‘{jobTitle}’?
        </DialogDescription>
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <StarRatingInput
            ref={stars}
            value={rating}
            onChange={setRating}
            legend={
              <>
                Rating
                <RequiredMark />
              </>
            }
          />
          <div className="space-y-2">
            <Label htmlFor={`${id}-comment`}>
              Comment <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <ReviewTextarea
              id={`${id}-comment`}
              rows={4}
              value={comment}
              maxLength={REVIEW_RULES.commentMax}
              aria-describedby={`${id}-count`}
              placeholder="What was good, and what could have been better?"
              readOnly={pending}
              onChange={(event) => setComment(event.target.value)}
            />
            <CharacterCounter id={`${id}-count`} length={comment.length} max={REVIEW_RULES.commentMax} />
          </div>
          <div className="space-y-1 rounded-lg border border-border bg-muted/60 p-3 text-sm">
            {otherReviewed && (
              <p className="font-medium">{name} has reviewed you already: yours publishes both.</p>
            )}
            <p className="text-muted-foreground">{REVIEW_MESSAGES.fairReveal}</p>
            <p className="font-medium">{reviewsCloseText(closesAt)}</p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending && <Spinner />}
              Submit Review
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
