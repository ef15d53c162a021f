import type { DisputeResolution } from '@domain/catalog/statuses';
import { DISPUTE_MESSAGES, DISPUTE_RESOLUTION_LABELS, DISPUTE_RULES } from '@domain/disputes/messages';
import { decideSplit, type SplitDecision } from '@domain/disputes/rules';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { Gavel } from 'lucide-react';
import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { TEXTAREA_CLASS } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field, FieldSet } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { isConflict } from '@/lib/api';
import { issuesFromServer, updateThenFocus } from '@/lib/form-errors';
import { formatCount } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { errorMessage } from './api';
import { partyName } from './dispute-format';
import { type AdminDisputeDetail, type ResolveDisputeBody, useResolveDispute } from './disputes-api';

const MONEY_RESOLUTIONS = ['release_to_tradesperson', 'refund_customer', 'split'] as const;
const NO_MONEY_RESOLUTIONS = ['no_money_held'] as const;

export const AMOUNT_FORMAT_MESSAGE = 'Please enter an amount in pounds, such as 25.00';

/** Why decideSplit refused, in the server's words. */
const SPLIT_REFUSALS: Record<Extract<SplitDecision, { ok: false }>['reason'], string> = {
  must_add_up: DISPUTE_MESSAGES.splitMustAddUp,
  needs_both: DISPUTE_MESSAGES.splitNeedsBoth,
  nothing_held: DISPUTE_MESSAGES.nothingHeld,
  money_held: DISPUTE_MESSAGES.moneyHeld,
};

/** The client's check of the note, with the server's words. */
export function noteProblem(note: string): string | null {
  const length = note.trim().length;
  if (length < DISPUTE_RULES.noteMin) return DISPUTE_MESSAGES.noteRequired;
  if (length > DISPUTE_RULES.noteMax) return DISPUTE_MESSAGES.noteTooLong;
  return null;
}

type Problems = {
  resolution?: string;
  refund?: string;
  release?: string;
  /** About the two amounts together (they must add up): tied to both inputs. */
  split?: string;
  note?: string;
  form?: string;
};

/** Element ids for aria-describedby, the missing ones left out. */
const idList = (...list: (string | false | null | undefined)[]) => list.filter(Boolean).join(' ');

type FieldName = 'resolution' | 'refund' | 'release' | 'note';

/** An amount as typed: empty, pence, or not an amount. */
function readPounds(text: string): { kind: 'empty' } | { kind: 'pence'; pence: number } | { kind: 'bad' } {
  if (!text.trim()) return { kind: 'empty' };
  const parsed = parsePoundsToPence(text);
  return parsed.ok ? { kind: 'pence', pence: parsed.pence } : { kind: 'bad' };
}

type Values = { resolution: DisputeResolution | null; refund: string; release: string; note: string };

/** Everything wrong with the values, as the server will judge them (decideSplit is its own rule). */
function problemsOf({ resolution, refund, release, note }: Values, held: number): Problems {
  const found: Problems = {};
  if (!resolution) found.resolution = DISPUTE_MESSAGES.resolutionRequired;
  const a = readPounds(refund);
  const b = readPounds(release);
  if (resolution === 'split') {
    if (a.kind === 'bad') found.refund = AMOUNT_FORMAT_MESSAGE;
    if (b.kind === 'bad') found.release = AMOUNT_FORMAT_MESSAGE;
  }
  if (resolution && !found.refund && !found.release) {
    const amounts =
      resolution === 'split'
        ? {
            refundPence: a.kind === 'pence' ? a.pence : undefined,
            releasePence: b.kind === 'pence' ? b.pence : undefined,
          }
        : {};
    const decision = decideSplit({ resolution, ...amounts }, held);
    if (!decision.ok) {
      if (resolution === 'split') found.split = SPLIT_REFUSALS[decision.reason];
      else found.resolution = SPLIT_REFUSALS[decision.reason];
    }
  }
  const noteIssue = noteProblem(note);
  if (noteIssue) found.note = noteIssue;
  return found;
}

/** The body the values make, once they have no problems. */
function bodyOf({ resolution, refund, release, note }: Values): ResolveDisputeBody {
  const pence = (text: string) => {
    const read = readPounds(text);
    return read.kind === 'pence' ? read.pence : undefined;
  };
  return resolution === 'split'
    ? { resolution, refundPence: pence(refund), releasePence: pence(release), note: note.trim() }
    : { resolution: resolution as DisputeResolution, note: note.trim() };
}

/** The server's refusal of named fields, as the form's problems; null when it names none. */
function problemsFromServer(error: unknown): Problems | null {
  const issues = issuesFromServer(error);
  const on = (field: string) => issues.find((i) => i.field === field)?.message;
  const byField: Problems = {
    resolution: on('resolution'),
    refund: on('refundPence'),
    release: on('releasePence'),
    note: on('note'),
  };
  if (!byField.resolution && !byField.refund && !byField.release && !byField.note) return null;
  // The same message for both amounts (they do not add up) is said once, beside both.
  if (byField.refund && byField.refund === byField.release) {
    return { ...byField, split: byField.refund, refund: undefined, release: undefined };
  }
  return byField;
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
 * The admin's draft decision: the values, their problems, and the body waiting for confirmation.
 * Checked here, synchronously, with the server's own rules (decideSplit), so that focus is on the
 * first field with a problem at once, before any typing that follows can land elsewhere.
 */
function useResolveDraft(dispute: AdminDisputeDetail, names: { customer: string; tradesperson: string }) {
  const resolve = useResolveDispute(dispute.id);
  const held = dispute.heldPence;
  const [values, setValues] = useState<Values>({
    resolution: held > 0 ? null : 'no_money_held',
    refund: '',
    release: '',
    note: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [pendingBody, setPendingBody] = useState<ResolveDisputeBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refs = {
    resolution: useRef<HTMLInputElement>(null),
    refund: useRef<HTMLInputElement>(null),
    release: useRef<HTMLInputElement>(null),
    note: useRef<HTMLTextAreaElement>(null),
  };

  /** Shows the problems and focuses the first field they are about (updateThenFocus). */
  const refuse = (found: Problems) => {
    const first: FieldName | undefined = found.resolution
      ? 'resolution'
      : found.refund || found.split
        ? 'refund'
        : found.release
          ? 'release'
          : found.note
            ? 'note'
            : undefined;
    updateThenFocus(
      () => setProblems(found),
      () => (first ? refs[first].current : null),
    );
  };

  /** Edits one value and drops the problems it may have solved. */
  const edit = (change: Partial<Values>, solved: (keyof Problems)[]) => {
    setValues((v) => ({ ...v, ...change }));
    if (solved.some((key) => problems[key])) {
      setProblems((p) => ({ ...p, ...Object.fromEntries(solved.map((key) => [key, undefined])) }));
    }
  };

  const submit = () => {
    setProblems((p) => ({ ...p, form: undefined }));
    const found = problemsOf(values, held);
    if (Object.keys(found).length > 0) return refuse(found);
    setProblems({});
    setFailure(null);
    setPendingBody(bodyOf(values));
  };

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
          setProblems({ form: message });
          void showError('Error', message);
          return;
        }
        const named = problemsFromServer(error);
        if (named) {
          setPendingBody(null);
          refuse(named);
          return;
        }
        setFailure(message);
      },
    );
  };

  return {
    values,
    problems,
    refs,
    edit,
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
  const id = useId();
  const names = { customer: partyName(dispute.customer), tradesperson: partyName(dispute.tradesperson) };
  const draft = useResolveDraft(dispute, names);
  const submitRef = useRef<HTMLButtonElement>(null);
  const held = dispute.heldPence;
  const formError = draft.problems.form;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Resolve the dispute
      </h2>
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        className="space-y-5 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          draft.submit();
        }}
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
  const { values, problems, refs, edit } = draft;
  const options: readonly DisputeResolution[] = held > 0 ? MONEY_RESOLUTIONS : NO_MONEY_RESOLUTIONS;
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
      error={problems.resolution}
      className="min-w-0 space-y-3"
      legendClassName="mb-1 text-base leading-normal"
    >
      <div className="space-y-2">
        {options.map((option, index) => {
          const optionId = `${id}-${option}`;
          return (
            <div
              key={option}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3',
                values.resolution === option ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input
                ref={index === 0 ? refs.resolution : undefined}
                type="radio"
                id={optionId}
                name={`${id}-resolution`}
                value={option}
                checked={values.resolution === option}
                aria-describedby={`${optionId}-hint`}
                aria-invalid={problems.resolution ? true : undefined}
                onChange={() => edit({ resolution: option }, ['resolution', 'split'])}
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
  const { values, problems, refs, edit } = draft;
  const remainingId = `${id}-remaining`;
  const splitId = `${id}-split`;
  // Both amounts are read with what they come to and, when they do not add up, with that message.
  const describedBy = (own: string | undefined) => idList(own, remainingId, problems.split && splitId);
  const amount = (side: 'refund' | 'release', label: string) => (
    <Field id={`${id}-${side}`} label={label} required error={problems[side]} className="min-w-0">
      {(control) => (
        <PoundsInput
          ref={refs[side]}
          inputMode="decimal"
          autoComplete="off"
          value={values[side]}
          {...control}
          aria-describedby={describedBy(control['aria-describedby'])}
          onChange={(event) => edit({ [side]: event.target.value }, [side, 'split'])}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={idList(remainingId, problems.split && splitId)}>
      <legend className="mb-1 font-medium">Split the {formatPence(held)} held</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {amount('refund', `Refund to ${customer} (£)`)}
        {amount('release', `Release to ${tradesperson} (£)`)}
      </div>
      <p id={remainingId} aria-live="polite" className="text-sm text-muted-foreground">
        {remainingText(values.refund, values.release, held) ??
          `The two amounts must add up to ${formatPence(held)}.`}
      </p>
      <FieldError id={splitId} message={problems.split} />
    </fieldset>
  );
}

function NoteField({ id, draft }: { id: string; draft: Draft }) {
  const { values, problems, refs, edit } = draft;
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
      error={problems.note}
    >
      {(control) => (
        <textarea
          ref={refs.note}
          rows={4}
          value={values.note}
          {...control}
          onChange={(event) => edit({ note: event.target.value }, ['note'])}
          className={TEXTAREA_CLASS}
        />
      )}
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
