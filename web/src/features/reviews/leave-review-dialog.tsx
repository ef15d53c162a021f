import { ReviewBody } from '@domain/reviews/api';
import { REVIEW_MESSAGES, REVIEW_RULES } from '@domain/reviews/messages';
import { Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/form';
import { RequiredMark } from '@/components/ui/required-mark';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { useSubmitReview } from './api';
import { firstName, reviewsCloseText } from './format';
import { StarRatingInput } from './star-rating-input';

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
  const [open, setOpen] = useState(false);
  const { form, onSubmit, pending } = useReviewForm(bookingId, () => setOpen(false));
  const name = firstName(revieweeName);

  return (
    <FormDialog
      trigger={
        <Button size="sm" variant={triggerVariant}>
          <Star aria-hidden="true" />
          Leave Review
        </Button>
      }
      title="Leave a review"
      description={
        <>
          How did it go with {revieweeName?.trim() || 'Deleted user'} on ‘{jobTitle}’?
        </>
      }
      className="max-w-lg"
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      focusOnOpen={() => form.setFocus('rating')}
    >
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <RatingField form={form} />
        <CommentField form={form} readOnly={pending} />
        <div className="space-y-1 rounded-lg border border-border bg-muted/60 p-3 text-sm">
          {otherReviewed && (
            <p className="font-medium">{name} has reviewed you already: yours publishes both.</p>
          )}
          <p className="text-muted-foreground">{REVIEW_MESSAGES.fairReveal}</p>
          <p className="font-medium">{reviewsCloseText(closesAt)}</p>
        </div>
        <DialogActions onCancel={() => setOpen(false)} confirmLabel="Submit Review" pending={pending} />
      </form>
    </FormDialog>
  );
}

// No rating yet: the server's schema refuses its absence with the spec's 'Please select a rating'.
const EMPTY = { rating: undefined, comment: '' };
type ReviewFormApi = ZodForm<typeof ReviewBody>;

/** The stars and comment, and sending them; a refusal keeps both for another try. */
function useReviewForm(bookingId: string, onSent: () => void) {
  // The spec's toast for a missing rating is 'Error / Please select a rating'.
  const form: ReviewFormApi = useZodForm(ReviewBody, { defaultValues: EMPTY, invalidTitle: 'Error' });
  // A second click in the same moment sends nothing: the button is disabled, and this guards the gap.
  const sending = useRef(false);
  const submit = useSubmitReview(bookingId);

  const onSubmit = form.submitWith((review) => {
    if (sending.current) return;
    sending.current = true;
    submit.mutate(review, {
      onSuccess: () => {
        void showSuccess(REVIEW_MESSAGES.thanks);
        onSent();
        form.reset(EMPTY);
      },
      onError: (error) => void showError(errorMessage(error, REVIEW_MESSAGES.failed)),
      onSettled: () => {
        sending.current = false;
      },
    });
  });
  return { form, onSubmit, pending: submit.isPending };
}

function RatingField({ form }: { form: ReviewFormApi }) {
  const { field } = useController({ control: form.control, name: 'rating' });
  return (
    <StarRatingInput
      ref={field.ref}
      value={field.value ?? null}
      onChange={field.onChange}
      legend={
        <>
          Rating
          <RequiredMark />
        </>
      }
    />
  );
}

function CommentField({ form, readOnly }: { form: ReviewFormApi; readOnly: boolean }) {
  const length = (form.watch('comment') ?? '').length;
  return (
    <Field
      label={
        <>
          Comment <span className="font-normal text-muted-foreground">(optional)</span>
        </>
      }
      hint={(hintId) => <CharacterCounter id={hintId} length={length} max={REVIEW_RULES.commentMax} />}
      error={form.formState.errors.comment?.message}
    >
      {(control) => (
        <ReviewTextarea
          rows={4}
          maxLength={REVIEW_RULES.commentMax}
          placeholder="What was good, and what could have been better?"
          readOnly={readOnly}
          {...control}
          {...form.register('comment')}
        />
      )}
    </Field>
  );
}
