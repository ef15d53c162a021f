import type { DisputeResolution } from '@domain/catalog/statuses';
import { DISPUTE_MESSAGES, DISPUTE_RESOLUTION_LABELS, DISPUTE_RULES } from '@domain/disputes/messages';
import { decideSplit, type SplitDecision } from '@domain/disputes/rules';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { Gavel } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { TEXTAREA_CLASS } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { isConflict } from '@/lib/api';
import { errorIdOf, fieldErrorProps, issuesFromServer, updateThenFocus } from '@/lib/form-errors';
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

type Field = 'resolution' | 'refund' | 'release' | 'note';

/** An amount as typed: empty, pence, or not an amount. */
function readPounds(text: string): { kind: 'empty' } | { kind: 'pence'; pence: number } | { kind: 'bad' } {
  if (!text.trim()) return { kind: 'empty' };
  const parsed = parsePoundsToPence(text);
  return parsed.ok ? { kind: 'pence', pence: parsed.pence } : { kind: 'bad' };
}

/**
 * The admin's decision on a dispute that is not resolved yet. With money held: release it all to the
 * tradesperson, refund it all to the customer, or split it in two parts that add up exactly to what is
 * held (checked with the server's own decideSplit). With nothing held, the only way is a closing note.
 * A note is always required. The decision is confirmed in a dialog that says what money moves where.
 */
export function ResolveForm({ dispute }: { dispute: AdminDisputeDetail }) {
  const id = useId();
  const resolve = useResolveDispute(dispute.id);
  const held = dispute.heldPence;
  const options: readonly DisputeResolution[] = held > 0 ? MONEY_RESOLUTIONS : NO_MONEY_RESOLUTIONS;

  const [resolution, setResolution] = useState<DisputeResolution | null>(held > 0 ? null : 'no_money_held');
  const [refund, setRefund] = useState('');
  const [release, setRelease] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [pendingBody, setPendingBody] = useState<ResolveDisputeBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const firstRadioRef = useRef<HTMLInputElement>(null);
  const refundRef = useRef<HTMLInputElement>(null);
  const releaseRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const focusTargets: Record<Field, () => HTMLElement | null> = {
    resolution: () => firstRadioRef.current,
    refund: () => refundRef.current,
    release: () => releaseRef.current,
    note: () => noteRef.current,
  };

  const customer = partyName(dispute.customer);
  const tradesperson = partyName(dispute.tradesperson);

  const ids = {
    legend: `${id}-legend`,
    resolutionHint: `${id}-resolution-hint`,
    resolutionError: `${id}-resolution-error`,
    refund: `${id}-refund`,
    release: `${id}-release`,
    remaining: `${id}-remaining`,
    split: `${id}-split`,
    note: `${id}-note`,
    noteHint: `${id}-note-hint`,
    form: `${id}-form`,
    failure: `${id}-failure`,
  };

  /** Shows the problems and focuses the first field they are about (updateThenFocus). */
  const refuse = (found: Problems) => {
    const first: Field | undefined = found.resolution
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
      () => (first ? focusTargets[first]() : null),
    );
  };

  /** Checks the whole form as the server will; the body to send, or null after showing the problems. */
  const check = (): ResolveDisputeBody | null => {
    const found: Problems = {};
    let refundPence: number | undefined;
    let releasePence: number | undefined;
    if (!resolution) found.resolution = DISPUTE_MESSAGES.resolutionRequired;
    if (resolution === 'split') {
      const a = readPounds(refund);
      const b = readPounds(release);
      if (a.kind === 'bad') found.refund = AMOUNT_FORMAT_MESSAGE;
      if (b.kind === 'bad') found.release = AMOUNT_FORMAT_MESSAGE;
      refundPence = a.kind === 'pence' ? a.pence : undefined;
      releasePence = b.kind === 'pence' ? b.pence : undefined;
    }
    if (resolution && !found.refund && !found.release) {
      const decision = decideSplit({ resolution, refundPence, releasePence }, held);
      if (!decision.ok) {
        if (resolution === 'split') found.split = SPLIT_REFUSALS[decision.reason];
        else found.resolution = SPLIT_REFUSALS[decision.reason];
      }
    }
    const noteIssue = noteProblem(note);
    if (noteIssue) found.note = noteIssue;
    if (Object.keys(found).length > 0 || !resolution) {
      refuse(found);
      return null;
    }
    setProblems({});
    return resolution === 'split'
      ? { resolution, refundPence, releasePence, note: note.trim() }
      : { resolution, note: note.trim() };
  };

  const confirm = (body: ResolveDisputeBody) => {
    setFailure(null);
    // mutateAsync: the answer is handled although the resolved dispute replaces this form.
    void resolve.mutateAsync(body).then(
      () => {
        setPendingBody(null);
        // The case file shows the outcome in place of this form and moves focus to it.
        void showSuccess(DISPUTE_MESSAGES.resolved, movementSummary(body, held, customer, tradesperson));
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
        const issues = issuesFromServer(error);
        const byField: Problems = {
          resolution: issues.find((i) => i.field === 'resolution')?.message,
          refund: issues.find((i) => i.field === 'refundPence')?.message,
          release: issues.find((i) => i.field === 'releasePence')?.message,
          note: issues.find((i) => i.field === 'note')?.message,
        };
        if (byField.resolution || byField.refund || byField.release || byField.note) {
          setPendingBody(null);
          // The same message for both amounts (they do not add up) is said once, beside both.
          if (byField.refund && byField.refund === byField.release) {
            refuse({ ...byField, split: byField.refund, refund: undefined, release: undefined });
          } else refuse(byField);
          return;
        }
        setFailure(message);
      },
    );
  };

  // What the two amounts come to so far, while splitting.
  const remainingText = (() => {
    const a = readPounds(refund);
    const b = readPounds(release);
    if (a.kind === 'bad' || b.kind === 'bad') return null;
    const sum = (a.kind === 'pence' ? a.pence : 0) + (b.kind === 'pence' ? b.pence : 0);
    const left = held - sum;
    if (left === 0) return `Adds up to the ${formatPence(held)} held.`;
    if (left > 0) return `${formatPence(left)} of the ${formatPence(held)} held is still to assign.`;
    return `${formatPence(-left)} more than the ${formatPence(held)} held.`;
  })();

  const splitError = problems.split;
  const descriptions: Record<DisputeResolution, string> = {
    release_to_tradesperson: `All ${formatPence(held)} goes to ${tradesperson}, less the 15% platform fee.`,
    refund_customer: `All ${formatPence(held)} goes back to ${customer}.`,
    split: `Part goes back to ${customer}, the rest to ${tradesperson}.`,
    no_money_held: 'Nothing moves: the dispute is closed with your note.',
  };

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
          setProblems((p) => ({ ...p, form: undefined }));
          const body = check();
          if (body) {
            setFailure(null);
            setPendingBody(body);
          }
        }}
      >
        <fieldset
          className="min-w-0 space-y-3"
          aria-describedby={idList(ids.resolutionHint, problems.resolution && ids.resolutionError)}
        >
          <legend id={ids.legend} className="mb-1 font-medium">
            Resolution
            <RequiredMark />
          </legend>
          <p id={ids.resolutionHint} className="text-sm text-muted-foreground">
            {held > 0
              ? `${formatPence(held)} is held for this booking. ${DISPUTE_MESSAGES.moneyHeld}`
              : DISPUTE_MESSAGES.nothingHeld}
          </p>
          <div className="space-y-2">
            {options.map((option, index) => {
              const optionId = `${id}-${option}`;
              return (
                <div
                  key={option}
                  className={cn(
                    'flex items-start gap-3 rounded-lg border p-3',
                    resolution === option ? 'border-primary bg-primary/5' : 'border-border',
                  )}
                >
                  <input
                    ref={index === 0 ? firstRadioRef : undefined}
                    type="radio"
                    id={optionId}
                    name={`${id}-resolution`}
                    value={option}
                    checked={resolution === option}
                    aria-describedby={`${optionId}-hint`}
                    aria-invalid={problems.resolution ? true : undefined}
                    onChange={() => {
                      setResolution(option);
                      setProblems((p) => ({ ...p, resolution: undefined, split: undefined }));
                    }}
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
          <FieldError id={ids.resolutionError} message={problems.resolution} />
        </fieldset>

        {resolution === 'split' && (
          <fieldset
            className="min-w-0 space-y-3"
            aria-describedby={idList(ids.remaining, splitError && ids.split)}
          >
            <legend className="mb-1 font-medium">Split the {formatPence(held)} held</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="min-w-0 space-y-2">
                <Label htmlFor={ids.refund}>
                  Refund to {customer} (£)
                  <RequiredMark />
                </Label>
                <PoundsInput
                  ref={refundRef}
                  id={ids.refund}
                  inputMode="decimal"
                  autoComplete="off"
                  value={refund}
                  aria-required="true"
                  {...fieldErrorProps(ids.refund, problems.refund, ids.remaining, splitError && ids.split)}
                  onChange={(event) => {
                    setRefund(event.target.value);
                    setProblems((p) => ({ ...p, refund: undefined, split: undefined }));
                  }}
                />
                <FieldError id={errorIdOf(ids.refund)} message={problems.refund} />
              </div>
              <div className="min-w-0 space-y-2">
                <Label htmlFor={ids.release}>
                  Release to {tradesperson} (£)
                  <RequiredMark />
                </Label>
                <PoundsInput
                  ref={releaseRef}
                  id={ids.release}
                  inputMode="decimal"
                  autoComplete="off"
                  value={release}
                  aria-required="true"
                  {...fieldErrorProps(ids.release, problems.release, ids.remaining, splitError && ids.split)}
                  onChange={(event) => {
                    setRelease(event.target.value);
                    setProblems((p) => ({ ...p, release: undefined, split: undefined }));
                  }}
                />
                <FieldError id={errorIdOf(ids.release)} message={problems.release} />
              </div>
            </div>
            <p id={ids.remaining} aria-live="polite" className="text-sm text-muted-foreground">
              {remainingText ?? `The two amounts must add up to ${formatPence(held)}.`}
            </p>
            <FieldError id={ids.split} message={splitError} />
          </fieldset>
        )}

        <div className="space-y-2">
          <Label htmlFor={ids.note}>
            Note
            <RequiredMark />
          </Label>
          <textarea
            ref={noteRef}
            id={ids.note}
            rows={4}
            value={note}
            aria-required="true"
            {...fieldErrorProps(ids.note, problems.note, ids.noteHint)}
            onChange={(event) => {
              setNote(event.target.value);
              if (problems.note) setProblems((p) => ({ ...p, note: undefined }));
            }}
            className={TEXTAREA_CLASS}
          />
          <p id={ids.noteHint} className="text-xs text-muted-foreground">
            Why you decided this. Both parties see it. {DISPUTE_RULES.noteMin} to{' '}
            {DISPUTE_RULES.noteMax.toLocaleString('en-GB')} characters (
            {note.trim().length.toLocaleString('en-GB')} so far).
          </p>
          <FieldError id={errorIdOf(ids.note)} message={problems.note} />
        </div>

        <FieldError id={ids.form} message={problems.form} />
        <div className="flex justify-end">
          <Button
            ref={submitRef}
            type="submit"
            className="w-full sm:w-auto"
            aria-describedby={problems.form ? ids.form : undefined}
          >
            <Gavel aria-hidden="true" />
            Resolve dispute…
          </Button>
        </div>
      </form>

      <Dialog
        open={pendingBody !== null}
        onOpenChange={(next) => {
          if (resolve.isPending) return;
          if (!next) {
            setPendingBody(null);
            setFailure(null);
          }
        }}
      >
        <DialogContent
          onCloseAutoFocus={(event) => {
            // No trigger to return to: back to the button that opened it, while the form is still there.
            event.preventDefault();
            submitRef.current?.focus();
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
          <FieldError id={ids.failure} message={failure} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              disabled={resolve.isPending}
              onClick={() => {
                setPendingBody(null);
                setFailure(null);
              }}
            >
              Go back
            </Button>
            <Button
              disabled={resolve.isPending}
              aria-busy={resolve.isPending}
              aria-describedby={failure ? ids.failure : undefined}
              onClick={() => pendingBody && confirm(pendingBody)}
            >
              {resolve.isPending && <Spinner />}
              Resolve dispute
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
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
