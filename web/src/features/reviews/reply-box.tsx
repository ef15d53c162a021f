import type { MyReviewView } from '@domain/reviews/api';
import { REVIEW_MESSAGES, REVIEW_RULES } from '@domain/reviews/messages';
import { MessageSquareReply, Pencil } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { errorIdOf, fieldErrorProps } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useReplyToReview } from './api';
import { reviewDateTime } from './format';

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
            {reviewDateTime(review.repliedAt)}
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
  const id = useId();
  const fieldId = `${id}-reply`;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const reply = useReplyToReview(review.id);
  const pending = reply.isPending;
  const hasReply = review.reply !== null;
  const until = review.replyEditableUntil;
  const editNote = until ? `You can edit your reply until ${reviewDateTime(until)}` : null;

  const startEditing = () => {
    setDraft(review.reply ?? '');
    setProblem(null);
    setEditing(true);
    requestAnimationFrame(() => textarea.current?.focus());
  };

  const stopEditing = () => {
    setEditing(false);
    setProblem(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const send = () => {
    if (pending) return;
    const text = draft.trim();
    if (!text) {
      setProblem(REVIEW_MESSAGES.replyRequired);
      textarea.current?.focus();
      return;
    }
    reply.mutate(
      { reply: text },
      {
        onSuccess: () => {
          void showSuccess(hasReply ? 'Reply updated' : 'Reply posted');
          setDraft('');
          if (hasReply) stopEditing();
          else setEditing(false);
        },
        onError: (error) => void showError('Error', errorMessage(error, 'Failed to save reply')),
      },
    );
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
    <form
      noValidate
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Label htmlFor={fieldId}>{hasReply ? 'Edit your reply' : 'Reply publicly'}</Label>
      <ReviewTextarea
        ref={textarea}
        id={fieldId}
        rows={3}
        value={draft}
        maxLength={REVIEW_RULES.replyMax}
        readOnly={pending}
        {...fieldErrorProps(fieldId, problem, `${id}-count`, `${id}-note`)}
        onChange={(event) => {
          setDraft(event.target.value);
          if (problem) setProblem(null);
        }}
      />
      <CharacterCounter id={`${id}-count`} length={draft.length} max={REVIEW_RULES.replyMax} />
      <FieldError id={errorIdOf(fieldId)} message={problem} />
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {editNote ??
          `Everyone who reads the review sees your reply. You can change it for ${REVIEW_RULES.replyEditableHours} hours after posting.`}
      </p>
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
