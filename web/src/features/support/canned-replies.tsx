import { CannedReplyBody } from '@domain/support/api';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { showError } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { type CannedReply, useCannedReplies, useChangeCanned } from './admin-api';
import { SELECT_CLASS } from './dispute-dialog';
import { showFailure } from './form-failure';

/** A list of the team's canned replies: choosing one puts its text into the box, to be edited. */
export function CannedPicker({ onPick }: { onPick: (text: string) => void }) {
  const id = useId();
  const canned = useCannedReplies();
  const replies = canned.data ?? [];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Insert a canned reply
      </label>
      <select
        id={id}
        value=""
        disabled={replies.length === 0}
        onChange={(event) => {
          const reply = replies.find((r) => r.id === event.target.value);
          if (reply) onPick(reply.body);
        }}
        className={`${SELECT_CLASS} h-9 w-auto max-w-52`}
      >
        <option value="">
          {canned.isPending
            ? 'Loading canned replies…'
            : replies.length === 0
              ? 'No canned replies'
              : 'Insert a canned reply'}
        </option>
        {replies.map((r) => (
          <option key={r.id} value={r.id}>
            {r.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/** 'Manage canned replies': the team's list, each editable and deletable, and a form for a new one. */
export function ManageCannedReplies() {
  const [open, setOpen] = useState(false);
  const canned = useCannedReplies();
  const change = useChangeCanned();
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const remove = (reply: CannedReply) =>
    change.mutate(
      { action: 'delete', id: reply.id },
      { onError: (error) => void showError('Error', errorMessage(error, 'Please try again.')) },
    );

  return (
    <FormDialog
      trigger={
        <Button type="button" size="sm" variant="outline">
          Manage canned replies
        </Button>
      }
      title="Canned replies"
      description="Ready-made answers the team inserts into a reply and edits before sending."
      className="max-w-lg"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setEditing(null);
      }}
    >
      <div className="max-h-[50vh] space-y-4 overflow-y-auto">
        {canned.isError ? (
          <p role="alert">We could not load the canned replies.</p>
        ) : (
          <ul aria-label="Canned replies" className="divide-y divide-border rounded-md border border-border">
            {(canned.data ?? []).map((reply) => (
              <li key={reply.id} className="flex items-start gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere">{reply.title}</p>
                  <p className="line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{reply.body}</p>
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit ${reply.title}`}
                  onClick={() => setEditing(reply)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete ${reply.title}`}
                  disabled={change.isPending}
                  onClick={() => remove(reply)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
            {canned.data?.length === 0 && (
              <li className="p-3 text-sm text-muted-foreground">No canned replies yet.</li>
            )}
          </ul>
        )}
        <CannedForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <DialogActions
          onCancel={() => setOpen(false)}
          cancelLabel="Close"
          confirmLabel="Done"
          onConfirm={() => setOpen(false)}
          pending={false}
        />
      </div>
    </FormDialog>
  );
}

function CannedForm({ editing, onDone }: { editing: CannedReply | null; onDone: () => void }) {
  const id = useId();
  const change = useChangeCanned();
  const form = useZodForm(CannedReplyBody, {
    defaultValues: { title: editing?.title ?? '', body: editing?.body ?? '' },
    invalidToast: false,
  });
  const { errors } = form.formState;
  const failure = errors.root?.server?.message;

  const submit = (body: z.output<typeof CannedReplyBody>) =>
    change.mutate(editing ? { action: 'update', id: editing.id, body } : { action: 'create', body }, {
      onSuccess: () => {
        form.reset({ title: '', body: '' });
        onDone();
      },
      onError: (error) => showFailure(form, error, 'We could not save the canned reply. Please try again.'),
    });

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-md border border-border p-3"
      onSubmit={(event) => void form.submitWith(submit)(event)}
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        {editing ? `Edit “${editing.title}”` : 'New canned reply'}
      </h3>
      <Field id={`${id}-title`} label="Title" required error={errors.title?.message}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </Field>
      <Field id={`${id}-body`} label="Text" required error={errors.body?.message}>
        {(control) => <ReviewTextarea {...control} {...form.register('body')} rows={3} />}
      </Field>
      <div role="alert">
        <FieldError id={`${id}-failure`} message={failure} />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton size="sm" pending={change.isPending} describedBy={failure ? `${id}-failure` : null}>
          {editing ? 'Save changes' : 'Add canned reply'}
        </SubmitButton>
        {editing && (
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Cancel editing
          </Button>
        )}
      </div>
    </form>
  );
}
