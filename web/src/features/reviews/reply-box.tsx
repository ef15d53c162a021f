import { type MyReviewView, ReplyBody } from '@domain/reviews/api';
import { REVIEW_MESSAGES, REVIEW_RULES } from '@domain/reviews/messages';
import { MessageSquareReply, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { formatLocalDateTime } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useReplyToReview } from './api';

/** A reply as everyone reads it: under the review, marked as the reviewee's. */
export function ReplyQuote({ review, heading }: { review: MyReviewView; heading: string }) {
  if (!review.reply) return null;
  return (
    <div className="mt-3 rounded-lg border-l-4 border-primary bg-muted p-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 font-medium">
        <MessageSquareReply className="size-4 text-primary" aria-hidden="true" />
        {heading}
        {review.repliedAt && (
          <time dateTime={review.repliedAt} className="font-normal text-muted-foreground">
            {formatLocalDateTime(review.repliedAt)}
          </time>
        )}
      </p>
      <p className="mt-1 break-words whitespace-pre-line">{review.reply}</p>
    </div>
  );
}

/**
 * The reviewee's one public reply to a published review: posted once, then editable until 48 hours
 * after it was first posted (the server's `canReply` and `replyEditableUntil`), read-only after that.
 */
export function ReplyBox({ review }: { review: MyReviewView }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const hasReply = review.reply !== null;
  const until = review.replyEditableUntil;
  const editNote = until ? `You can edit your reply until ${formatLocalDateTime(until)}` : null;
  const { form, onSubmit, pending } = useReplyForm(review, () => {
    if (hasReply) stopEditing();
    else setEditing(false);
  });

  const startEditing = () => {
    form.reset({ reply: review.reply ?? '' });
    setEditing(true);
    requestAnimationFrame(() => form.setFocus('reply'));
  };

  const stopEditing = () => {
    setEditing(false);
    form.clearErrors();
    requestAnimationFrame(() => editButton.current?.focus());
  };

  // A posted reply, not being changed: read-only once the 48 hours are over.
  if (hasReply && !editing) {
    return (
      <div>
        <ReplyQuote review={review} heading="Your reply" />
        {review.canReply ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button ref={editButton} size="sm" variant="outline" onClick={startEditing}>
              <Pencil aria-hidden="true" />
              Edit reply
            </Button>
            {editNote && <p className="text-xs text-muted-foreground">{editNote}</p>}
          </div>
        ) : (
          <p className="mt-2 text-xs text-muted-foreground">{REVIEW_MESSAGES.replyLocked}</p>
        )}
      </div>
    );
  }
  if (!review.canReply) return null;

  return (
    <form noValidate className="mt-3 space-y-2" onSubmit={onSubmit}>
      <Field
        label={hasReply ? 'Edit your reply' : 'Reply publicly'}
        hint={(hintId) => (
          <div id={hintId} className="space-y-2">
            <CharacterCounter
              id={`${hintId}-count`}
              length={(form.watch('reply') ?? '').length}
              max={REVIEW_RULES.replyMax}
            />
            <p className="text-xs text-muted-foreground">
              {editNote ??
                `Everyone who reads the review sees your reply. You can change it for ${REVIEW_RULES.replyEditableHours} hours after posting.`}
            </p>
          </div>
        )}
        error={form.formState.errors.reply?.message}
      >
        {(control) => (
          <ReviewTextarea
            rows={3}
            maxLength={REVIEW_RULES.replyMax}
            readOnly={pending}
            {...control}
            {...form.register('reply')}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending} aria-busy={pending}>
          {pending && <Spinner />}
          {hasReply ? 'Save reply' : 'Post reply'}
        </Button>
        {editing && (
          <Button size="sm" variant="outline" onClick={stopEditing} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** The reply being written, and saving it (posted, or changed within the 48 hours). */
function useReplyForm(review: MyReviewView, onSaved: () => void) {
  const form = useZodForm(ReplyBody, { defaultValues: { reply: '' } });
  const reply = useReplyToReview(review.id);
  const onSubmit = form.submitWith((body) => {
    if (reply.isPending) return;
    reply.mutate(body, {
      onSuccess: () => {
        void showSuccess(review.reply !== null ? 'Reply updated' : 'Reply posted');
        form.reset({ reply: '' });
        onSaved();
      },
      onError: (error) => void showError('Error', errorMessage(error, 'Failed to save reply')),
    });
  });
  return { form, onSubmit, pending: reply.isPending };
}
