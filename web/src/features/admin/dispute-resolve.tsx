import { DISPUTE_RESOLUTIONS, type DisputeResolution } from '@domain/catalog/statuses';
import { ResolveDisputeBody } from '@domain/disputes/api';
import { DISPUTE_MESSAGES, DISPUTE_RESOLUTION_LABELS, DISPUTE_RULES } from '@domain/disputes/messages';
import { splitRefusal } from '@domain/disputes/rules';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { Gavel } from 'lucide-react';
import { type ReactNode, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { textareaClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field, FieldSet } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { isConflict } from '@/lib/api';
import { issuesFromServer, updateThenFocus } from '@/lib/form-errors';
import { formatCount } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { errorMessage } from './api';
import { partyName } from './dispute-format';
import { type AdminDisputeDetail, useResolveDispute } from './disputes-api';

const MONEY_RESOLUTIONS = ['release_to_tradesperson', 'refund_customer', 'split'] as const;
const NO_MONEY_RESOLUTIONS = ['no_money_held'] as const;

const AMOUNT_FORMAT_MESSAGE = 'Please enter an amount in pounds, such as 25.00';

/** Element ids for aria-describedby, the missing ones left out. */
const idList = (...list: (string | false | null | undefined)[]) => list.filter(Boolean).join(' ');

/** The form's values: the amounts as typed, in pounds. */
type Values = { resolution: DisputeResolution | null; refund: string; release: string; note: string };

/**
 * Where a message shows: beside its field, or 'split', about the two amounts together (they must add
 * up), said once and read with both.
 */
type MessagePath = keyof Values | 'split';
type Problem = { path: MessagePath; message: string };

/** The split's message depends on both amounts (and the resolution), so any change may settle it. */
const SPLIT_MESSAGES = ['split'];

/** An amount as typed: empty, pence, or not an amount. */
function readPounds(text: string): { kind: 'empty' } | { kind: 'pence'; pence: number } | { kind: 'bad' } {
  if (!text.trim()) return { kind: 'empty' };
  const parsed = parsePoundsToPence(text);
  return parsed.ok ? { kind: 'pence', pence: parsed.pence } : { kind: 'bad' };
}

/** An amount as typed, in pence; undefined while it is empty or not an amount. */
function penceOf(text: string): number | undefined {
  const read = readPounds(text);
  return read.kind === 'pence' ? read.pence : undefined;
}

/** What one of the body's own field rules says against a value, if anything. */
const refusalOf = (rule: z.ZodType, value: unknown) => rule.safeParse(value).error?.issues[0]?.message;

/**
 * Everything wrong with the values, in the order they are on screen, as the server will judge them:
 * the body's own rules for the resolution and the note, decideSplit's for the money (splitRefusal).
 */
function problemsOf({ resolution, refund, release, note }: Values, held: number): Problem[] {
  const found: Problem[] = [];
  const add = (path: MessagePath, message: string | null | undefined) => {
    if (message) found.push({ path, message });
  };
  add('resolution', refusalOf(ResolveDisputeBody.shape.resolution, resolution));
  const splitting = resolution === 'split';
  const badRefund = splitting && readPounds(refund).kind === 'bad';
  const badRelease = splitting && readPounds(release).kind === 'bad';
  if (badRefund) add('refund', AMOUNT_FORMAT_MESSAGE);
  if (badRelease) add('release', AMOUNT_FORMAT_MESSAGE);
  // The money is judged once a resolution is chosen and its amounts read as amounts.
  if (resolution && !badRefund && !badRelease) {
    const amounts = splitting ? { refundPence: penceOf(refund), releasePence: penceOf(release) } : {};
    add(splitting ? 'split' : 'resolution', splitRefusal({ resolution, ...amounts }, held));
  }
  add('note', refusalOf(ResolveDisputeBody.shape.note, note));
  return found;
}

/** The body the values make, once they have no problems. */
function bodyOf({ resolution, refund, release, note }: Values): ResolveDisputeBody {
  return resolution === 'split'
    ? { resolution, refundPence: penceOf(refund), releasePence: penceOf(release), note: note.trim() }
    : { resolution: resolution as DisputeResolution, note: note.trim() };
}

/**
 * The form's values checked with problemsOf (in screen order, so the first message is about the first
 * field shown) and handed over as the body to confirm.
 */
function resolveFormSchema(held: number) {
  return z
    .object({
      resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
      refund: z.string(),
      release: z.string(),
      note: z.string(),
    })
    .superRefine((values, ctx) => {
      for (const { path, message } of problemsOf(values, held)) {
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    })
    .transform(bodyOf);
}

/** The server's refusal of named fields, as the form's problems in screen order; empty when it names none. */
function problemsFromServer(error: unknown): Problem[] {
  const issues = issuesFromServer(error);
  const on = (field: string) => issues.find((i) => i.field === field)?.message;
  const refund = on('refundPence');
  const release = on('releasePence');
  // The same message for both amounts (they do not add up) is said once, beside both.
  const together = refund && refund === release ? refund : undefined;
  const problems: { path: MessagePath; message: string | undefined }[] = [
    { path: 'resolution', message: on('resolution') },
    { path: 'refund', message: together ? undefined : refund },
    { path: 'split', message: together },
    { path: 'release', message: together ? undefined : release },
    { path: 'note', message: on('note') },
  ];
  return problems.filter((problem): problem is Problem => Boolean(problem.message));
}

/** What the two amounts come to so far, while splitting; null while one is not an amount. */
function remainingText(refund: string, release: string, held: number): string | null {
  const a = readPounds(refund);
  const b = readPounds(release);
  if (a.kind === 'bad' || b.kind === 'bad') return null;
  const sum = (a.kind === 'pence' ? a.pence : 0) + (b.kind === 'pence' ? b.pence : 0);
  const left = held - sum;
  if (left === 0) return `Adds up to the ${formatPence(held)} held.`;
  if (left > 0) return `${formatPence(left)} of the ${formatPence(held)} held is still to assign.`;
  return `${formatPence(-left)} more than the ${formatPence(held)} held.`;
}

/**
 * The admin's draft decision: the values and their messages through useZodForm, checked with the
 * server's own rules (problemsOf), and the body waiting for confirmation. No toast on a refusal: the
 * messages beside the fields are the whole answer. A message follows the corrections of its field; the
 * split's, those of any field.
 */
function useResolveDraft(dispute: AdminDisputeDetail, names: { customer: string; tradesperson: string }) {
  const id = useId();
  const resolve = useResolveDispute(dispute.id);
  const held = dispute.heldPence;
  const options: readonly DisputeResolution[] = held > 0 ? MONEY_RESOLUTIONS : NO_MONEY_RESOLUTIONS;
  const schema = useMemo(() => resolveFormSchema(held), [held]);
  // What each message focuses: the resolution's, the first way (its radios go by the form's own name);
  // the split's, the refund box.
  const focusFor = useMemo<Record<MessagePath, string>>(
    () => ({
      resolution: `${id}-${options[0]}`,
      refund: `${id}-refund`,
      split: `${id}-refund`,
      release: `${id}-release`,
      note: `${id}-note`,
    }),
    [id, options],
  );
  const form = useZodForm(schema, {
    defaultValues: { resolution: held > 0 ? null : 'no_money_held', refund: '', release: '', note: '' },
    recheckOnAnyChange: SPLIT_MESSAGES,
    focusFor,
    invalidToast: false,
  });
  // Every keystroke re-renders what the amounts come to and the note's count.
  const values = form.watch();
  // The split's message is the form's own, on no field of the values.
  const errors = form.formState.errors as Partial<Record<MessagePath | 'root', { message?: string }>>;
  const message = (path: MessagePath) => errors[path]?.message;
  const [pendingBody, setPendingBody] = useState<ResolveDisputeBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** The server's refusal beside the fields it names, focusing the first (updateThenFocus). */
  const refuse = (problems: Problem[]) => {
    const first = problems[0];
    updateThenFocus(
      () => {
        form.clearErrors();
        for (const { path, message } of problems) {
          form.setError(path as Parameters<typeof form.setError>[0], { message });
        }
      },
      () => (first ? document.getElementById(focusFor[first.path]) : null),
    );
  };

  const submit = form.submitWith((body) => {
    setFailure(null);
    setPendingBody(body);
  });

  const cancel = () => {
    setPendingBody(null);
    setFailure(null);
  };

  const confirm = (body: ResolveDisputeBody) => {
    setFailure(null);
    // mutateAsync: the answer is handled although the resolved dispute replaces this form.
    void resolve.mutateAsync(body).then(
      () => {
        setPendingBody(null);
        // The case file shows the outcome in place of this form and moves focus to it.
        void showSuccess(
          DISPUTE_MESSAGES.resolved,
          movementSummary(body, held, names.customer, names.tradesperson),
        );
      },
      (error: unknown) => {
        const message = errorMessage(error, 'The dispute could not be resolved. Please try again.');
        // Resolved meanwhile: say so; the case file reloads and shows the outcome.
        if (isConflict(error)) {
          setPendingBody(null);
          form.clearErrors();
          form.setError('root', { message });
          void showError('Error', message);
          return;
        }
        const named = problemsFromServer(error);
        if (named.length > 0) {
          setPendingBody(null);
          refuse(named);
          return;
        }
        setFailure(message);
      },
    );
  };

  return {
    id,
    form,
    options,
    values,
    message,
    formError: errors.root?.message,
    submit,
    pendingBody,
    failure,
    cancel,
    confirm,
    resolving: resolve.isPending,
  };
}

type Draft = ReturnType<typeof useResolveDraft>;

/**
 * The admin's decision on a dispute that is not resolved yet. With money held: release it all to the
 * tradesperson, refund it all to the customer, or split it in two parts that add up exactly to what is
 * held (checked with the server's own decideSplit). With nothing held, the only way is a closing note.
 * A note is always required. The decision is confirmed in a dialog that says what money moves where.
 */
export function ResolveForm({ dispute }: { dispute: AdminDisputeDetail }) {
  const names = { customer: partyName(dispute.customer), tradesperson: partyName(dispute.tradesperson) };
  const draft = useResolveDraft(dispute, names);
  const { id, formError } = draft;
  const submitRef = useRef<HTMLButtonElement>(null);
  const held = dispute.heldPence;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Resolve the dispute
      </h2>
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        className="space-y-5 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
        onSubmit={draft.submit}
      >
        <ResolutionChoice id={id} draft={draft} held={held} {...names} />
        {draft.values.resolution === 'split' && <SplitAmounts id={id} draft={draft} held={held} {...names} />}
        <NoteField id={id} draft={draft} />
        <FieldError id={`${id}-form`} message={formError} />
        <div className="flex justify-end">
          <Button
            ref={submitRef}
            type="submit"
            className="w-full sm:w-auto"
            aria-describedby={formError ? `${id}-form` : undefined}
          >
            <Gavel aria-hidden="true" />
            Resolve dispute…
          </Button>
        </div>
      </form>
      <ConfirmResolution id={id} draft={draft} held={held} returnFocusTo={submitRef} {...names} />
    </section>
  );
}

type PartProps = { id: string; draft: Draft; held: number; customer: string; tradesperson: string };

/** The ways to resolve, each with what it does to the money held. */
function ResolutionChoice({ id, draft, held, customer, tradesperson }: PartProps) {
  const { form, options, message } = draft;
  // The radios keep a name of their own on the page; focus finds the first through focusFor.
  const { field } = useController({ control: form.control, name: 'resolution' });
  const error = message('resolution');
  const descriptions: Record<DisputeResolution, string> = {
    release_to_tradesperson: `All ${formatPence(held)} goes to ${tradesperson}, less the 15% platform fee.`,
    refund_customer: `All ${formatPence(held)} goes back to ${customer}.`,
    split: `Part goes back to ${customer}, the rest to ${tradesperson}.`,
    no_money_held: 'Nothing moves: the dispute is closed with your note.',
  };
  return (
    <FieldSet
      id={`${id}-resolution`}
      legend="Resolution"
      required
      hint={
        held > 0
          ? `${formatPence(held)} is held for this booking. ${DISPUTE_MESSAGES.moneyHeld}`
          : DISPUTE_MESSAGES.nothingHeld
      }
      error={error}
      className="min-w-0 space-y-3"
      legendClassName="mb-1 text-base leading-normal"
    >
      <div className="space-y-2">
        {options.map((option) => {
          const optionId = `${id}-${option}`;
          return (
            <div
              key={option}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3',
                field.value === option ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input
                type="radio"
                id={optionId}
                name={`${id}-resolution`}
                value={option}
                checked={field.value === option}
                aria-describedby={`${optionId}-hint`}
                aria-invalid={error ? true : undefined}
                onChange={() => field.onChange(option)}
                className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              <span className="min-w-0">
                <Label htmlFor={optionId} className="font-medium">
                  {DISPUTE_RESOLUTION_LABELS[option]}
                </Label>
                <span id={`${optionId}-hint`} className="block text-sm text-muted-foreground">
                  {descriptions[option]}
                </span>
              </span>
            </div>
          );
        })}
      </div>
    </FieldSet>
  );
}

/** The two parts of a split, with what they come to so far. */
function SplitAmounts({ id, draft, held, customer, tradesperson }: PartProps) {
  const { form, values, message } = draft;
  const remainingId = `${id}-remaining`;
  const splitId = `${id}-split`;
  const splitMessage = message('split');
  // Both amounts are read with what they come to and, when they do not add up, with that message.
  const describedBy = (own: string | undefined) => idList(own, remainingId, splitMessage && splitId);
  const amount = (side: 'refund' | 'release', label: string) => (
    <Field id={`${id}-${side}`} label={label} required error={message(side)} className="min-w-0">
      {(control) => (
        <PoundsInput
          inputMode="decimal"
          autoComplete="off"
          {...control}
          {...form.register(side)}
          aria-describedby={describedBy(control['aria-describedby'])}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={idList(remainingId, splitMessage && splitId)}>
      <legend className="mb-1 font-medium">Split the {formatPence(held)} held</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {amount('refund', `Refund to ${customer} (£)`)}
        {amount('release', `Release to ${tradesperson} (£)`)}
      </div>
      <p id={remainingId} aria-live="polite" className="text-sm text-muted-foreground">
        {remainingText(values.refund, values.release, held) ??
          `The two amounts must add up to ${formatPence(held)}.`}
      </p>
      <FieldError id={splitId} message={splitMessage} />
    </fieldset>
  );
}

function NoteField({ id, draft }: { id: string; draft: Draft }) {
  const { form, values, message } = draft;
  return (
    <Field
      id={`${id}-note`}
      label="Note"
      required
      hint={
        <>
          Why you decided this. Both parties see it. {DISPUTE_RULES.noteMin} to{' '}
          {formatCount(DISPUTE_RULES.noteMax)} characters ({formatCount(values.note.trim().length)} so far).
        </>
      }
      error={message('note')}
    >
      {(control) => <textarea rows={4} {...control} {...form.register('note')} className={textareaClass} />}
    </Field>
  );
}

/** The last word before the money moves: exactly what moves where, and the note both parties get. */
function ConfirmResolution({
  id,
  draft,
  held,
  customer,
  tradesperson,
  returnFocusTo,
}: PartProps & { returnFocusTo: RefObject<HTMLButtonElement | null> }) {
  const { pendingBody, failure, resolving } = draft;
  return (
    <Dialog
      open={pendingBody !== null}
      onOpenChange={(next) => {
        if (!resolving && !next) draft.cancel();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          // No trigger to return to: back to the button that opened it, while the form is still there.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Resolve this dispute?</DialogTitle>
        {pendingBody && (
          <DialogDescription asChild>
            <div className="space-y-3 text-sm">
              <Movements body={pendingBody} held={held} customer={customer} tradesperson={tradesperson} />
              <div>
                <p className="font-medium text-foreground">Your note to both parties</p>
                <p className="mt-1 break-words whitespace-pre-line">{pendingBody.note}</p>
              </div>
              <p>Both parties are told. This cannot be undone.</p>
            </div>
          </DialogDescription>
        )}
        <FieldError id={`${id}-failure`} message={failure} />
        <DialogActions
          onCancel={draft.cancel}
          cancelLabel="Go back"
          confirmLabel="Resolve dispute"
          onConfirm={() => pendingBody && draft.confirm(pendingBody)}
          pending={resolving}
          describedBy={failure ? `${id}-failure` : null}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Where the money goes, as pence for each side. */
function amountsOf(body: ResolveDisputeBody, held: number): { refund: number; release: number } {
  switch (body.resolution) {
    case 'release_to_tradesperson':
      return { refund: 0, release: held };
    case 'refund_customer':
      return { refund: held, release: 0 };
    case 'split':
      return { refund: body.refundPence ?? 0, release: body.releasePence ?? 0 };
    default:
      return { refund: 0, release: 0 };
  }
}

/** One sentence for the toast: what moved. */
function movementSummary(body: ResolveDisputeBody, held: number, customer: string, tradesperson: string) {
  const { refund, release } = amountsOf(body, held);
  const parts = [
    refund > 0 && `${formatPence(refund)} refunded to ${customer}`,
    release > 0 && `${formatPence(release)} released to ${tradesperson}`,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Closed with your note; no money moved.';
}

/** The confirmation's account of exactly what moves. */
function Movements({
  body,
  held,
  customer,
  tradesperson,
}: {
  body: ResolveDisputeBody;
  held: number;
  customer: string;
  tradesperson: string;
}) {
  const { refund, release } = amountsOf(body, held);
  const lines: ReactNode[] = [];
  if (refund > 0) {
    lines.push(
      <li key="refund">
        <strong className="text-foreground">{formatPence(refund)}</strong> is refunded to {customer}{' '}
        (customer).
      </li>,
    );
  }
  if (release > 0) {
    lines.push(
      <li key="release">
        <strong className="text-foreground">{formatPence(release)}</strong> is released to {tradesperson}{' '}
        (tradesperson); the 15% platform fee is taken from it.
      </li>,
    );
  }
  return (
    <>
      <p>
        <span className="font-medium text-foreground">{DISPUTE_RESOLUTION_LABELS[body.resolution]}.</span>{' '}
        {lines.length > 0
          ? `Of the ${formatPence(held)} held for this booking:`
          : 'No money moves: nothing is held for this booking.'}
      </p>
      {lines.length > 0 && <ul className="list-disc space-y-1 pl-5">{lines}</ul>}
    </>
  );
}
