import { aYearAfter, londonToday } from '@domain/marketplace/schemas';
import type { BookingMilestonesView, PlanView } from '@domain/milestones/api';
import { MILESTONE_RULES as R } from '@domain/milestones/messages';
import { type PlanItemInput, planIssues } from '@domain/milestones/rules';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PoundsInput } from '@/components/ui/pounds-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { isValidationError, serverDetails, updateThenFocus } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useProposePlan } from './api';

type Row = { title: string; description: string; amount: string; dueDate: string };
type RowField = 'title' | 'description' | 'amountPence' | 'dueDate';
const ROW_FIELDS: RowField[] = ['title', 'description', 'amountPence', 'dueDate'];
/** The form's name of each row field (the amount is typed in pounds, sent in pence). */
const INPUT_OF: Record<RowField, keyof Row> = {
  title: 'title',
  description: 'description',
  amountPence: 'amount',
  dueDate: 'dueDate',
};
/** Where the form keeps a message about the whole plan: react-hook-form's place for a list's own. */
const PLAN_PATH = 'milestones.root';
/** The plan's message depends on every amount, so any change may settle it. */
const PLAN_MESSAGES = [PLAN_PATH];

const emptyRow = (): Row => ({ title: '', description: '', amount: '', dueDate: '' });
const penceToPounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** A plan's rows to start from: the one being revised or the one declined, else two empty ones. */
function startingRows(plan: PlanView | null): Row[] {
  if (!plan) return Array.from({ length: R.minMilestones }, emptyRow);
  return [...plan.milestones]
    .sort((a, b) => a.index - b.index)
    .map((m) => ({
      title: m.title,
      description: m.description ?? '',
      amount: penceToPounds(m.amountPence),
      dueDate: m.dueDate,
    }));
}

/** What the rows say, as the contract's items: an amount that does not parse is NaN (planIssues says so). */
function toItems(rows: Row[]): PlanItemInput[] {
  return rows.map((row) => {
    const amount = parsePoundsToPence(row.amount);
    return {
      title: row.title.trim(),
      description: row.description.trim() || undefined,
      amountPence: amount.ok ? amount.pence : Number.NaN,
      dueDate: row.dueDate,
    };
  });
}

/**
 * The contract's path of a message ('milestones.1.amountPence', or 'milestones' for the whole plan) as
 * the form's: the amount is typed in the row's 'amount', the plan's message is the list's own.
 */
function formPath(path: readonly (string | number)[]): (string | number)[] {
  const [list, index, field] = path;
  if (list === undefined || index === undefined || field === undefined) return [PLAN_PATH];
  return [list, index, INPUT_OF[field as RowField] ?? field];
}

/**
 * The rows typed in pounds, checked in pence with the server's own rules (planIssues) against the
 * booking's amount, and handed over as the contract's items. planIssues goes row by row, field by
 * field, the plan's sum last: the order on screen, so the first message is the first field shown.
 */
function planFormSchema(bookingAmountPence: number, today: string) {
  const text = z.string();
  return z
    .object({
      milestones: z.array(z.object({ title: text, description: text, amount: text, dueDate: text })),
    })
    .transform(({ milestones }) => ({ milestones: toItems(milestones) }))
    .superRefine(({ milestones }, ctx) => {
      for (const issue of planIssues(milestones, { bookingAmountPence, today })) {
        ctx.addIssue({ code: 'custom', path: formPath(issue.path), message: issue.message });
      }
    });
}

/** What the amounts come to so far; one that is not an amount counts for nothing. */
const sumOf = (items: PlanItemInput[]) =>
  items.reduce((s, item) => s + (Number.isSafeInteger(item.amountPence) ? item.amountPence : 0), 0);

/**
 * The plan being written: its rows, their messages and sending it, through useZodForm with the
 * server's rules; a message follows the corrections of its field, the plan's those of any field.
 */
function usePlanDraft(view: BookingMilestonesView, startFrom: PlanView | null, onCancel?: () => void) {
  const id = useId();
  const today = londonToday();
  const schema = useMemo(
    () => planFormSchema(view.bookingAmountPence, today),
    [view.bookingAmountPence, today],
  );
  const focusFor = useMemo(() => ({ [PLAN_PATH]: `${id}-sum` }), [id]);
  const form = useZodForm(schema, {
    defaultValues: { milestones: startingRows(startFrom) },
    recheckOnAnyChange: PLAN_MESSAGES,
    focusFor,
  });
  const { fields, append, remove: removeRow } = useFieldArray({ control: form.control, name: 'milestones' });
  // Every keystroke re-renders the running sum.
  const rows = useWatch({ control: form.control, name: 'milestones' });
  const fieldId = (key: string, field: RowField) => `${id}-${key}-${field}`;
  const propose = useProposePlan(view.bookingId);
  const pending = propose.isPending;
  const { errors } = form.formState;

  const message = (index: number, field: RowField) => errors.milestones?.[index]?.[INPUT_OF[field]]?.message;
  const planMessage = errors.milestones?.root?.message;
  const sum = sumOf(toItems(rows));
  const left = view.bookingAmountPence - sum;

  const register = (index: number, field: RowField) =>
    form.register(`milestones.${index}.${INPUT_OF[field]}`);

  // Focus moves at once, before typing that follows can land elsewhere. The messages move with their
  // rows (react-hook-form's field array keeps them by row).
  const titleOf = (index: number) => () =>
    document.querySelector<HTMLElement>(`[name="milestones.${index}.title"][id^="${id}-"]`);
  const add = () => {
    const index = fields.length;
    updateThenFocus(() => append(emptyRow(), { shouldFocus: false }), titleOf(index));
  };
  const remove = (index: number) => {
    updateThenFocus(() => removeRow(index), titleOf(Math.min(index, fields.length - 2)));
  };

  /** The server's refusal beside the fields it names, focusing the first on screen, else the sum. */
  const refuse = (refused: { field: string; message: string }[]) => {
    const paths = new Map<string, string>();
    for (const { field, message } of refused) {
      const path = formPath(field.split('.')).join('.');
      if (!paths.has(path)) paths.set(path, message);
    }
    const first = fields.flatMap((row, index) =>
      ROW_FIELDS.filter((f) => paths.has(`milestones.${index}.${INPUT_OF[f]}`)).map((f) =>
        fieldId(row.id, f),
      ),
    )[0];
    updateThenFocus(
      () => {
        for (const [path, message] of paths)
          form.setError(path as Parameters<typeof form.setError>[0], { message });
      },
      () => document.getElementById(first ?? `${id}-sum`),
    );
  };

  const send = form.submitWith((plan) => {
    if (pending) return;
    propose.mutate(plan, {
      onSuccess: () => {
        void showSuccess(
          'Milestone plan sent',
          `${view.customerName ?? 'The customer'} can now accept or decline it.`,
        );
        onCancel?.();
      },
      onError: (error) => {
        const said = errorMessage(error, 'Failed to send the plan');
        const named = serverDetails(error);
        // A refusal that names no field (a proposal already waiting, payments started) is the plan's.
        refuse(named.length > 0 ? named : [{ field: 'milestones', message: said }]);
        void showError(isValidationError(error) ? 'Validation Error' : 'Error', said);
      },
    });
  });

  return {
    id,
    fieldId,
    fields,
    register,
    message,
    planMessage,
    sum,
    left,
    pending,
    today,
    add,
    remove,
    send,
  };
}

type PlanDraft = ReturnType<typeof usePlanDraft>;

/**
 * The tradesperson's milestone plan (a first one, or a revision of the accepted one): rows of title,
 * description, amount in pounds and due date, which must add up to the booking's amount exactly. The
 * running sum is always shown; the rules' messages (planIssues, the server's own) appear once the form
 * was sent, beside the field they are about, and follow the corrections. Nothing typed is lost.
 */
export function PlanForm({
  view,
  startFrom,
  onCancel,
}: {
  view: BookingMilestonesView;
  startFrom: PlanView | null;
  onCancel?: () => void;
}) {
  const draft = usePlanDraft(view, startFrom, onCancel);
  const { id, fields, planMessage, pending } = draft;
  return (
    <form noValidate aria-busy={pending} className="space-y-4" onSubmit={draft.send}>
      <ol className="space-y-4">
        {fields.map((row, index) => (
          <li key={row.id}>
            <MilestoneRow draft={draft} rowKey={row.id} index={index} />
          </li>
        ))}
      </ol>

      <Button
        variant="outline"
        size="sm"
        disabled={pending || fields.length >= R.maxMilestones}
        onClick={draft.add}
      >
        <Plus aria-hidden="true" />
        Add milestone
      </Button>

      <PlanSum draft={draft} bookingAmountPence={view.bookingAmountPence} />

      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} describedBy={planMessage ? `${id}-plan-error` : null}>
          {view.plan ? 'Propose changes' : 'Propose milestone plan'}
        </SubmitButton>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** One milestone: title, description, amount and due date, each with its message. */
function MilestoneRow({ draft, rowKey, index }: { draft: PlanDraft; rowKey: string; index: number }) {
  const { fields, pending, today, register } = draft;
  const fieldId = (field: RowField) => draft.fieldId(rowKey, field);
  const at = (field: RowField) => draft.message(index, field);
  return (
    <fieldset className="relative min-w-0 space-y-3 rounded-xl border border-border p-4">
      {/* Floated, so it sits inside the border rather than on it. */}
      <legend className="float-left py-1.5 font-semibold">Milestone {index + 1}</legend>
      <Button
        variant="ghost"
        size="sm"
        className="absolute top-3 right-3"
        disabled={pending || fields.length <= R.minMilestones}
        onClick={() => draft.remove(index)}
        aria-label={`Remove milestone ${index + 1}`}
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <Field id={fieldId('title')} label="Title" required error={at('title')} className="clear-both">
        {(control) => (
          <Input {...control} placeholder="e.g. First fix" readOnly={pending} {...register(index, 'title')} />
        )}
      </Field>
      <Field id={fieldId('description')} label="Description (optional)" error={at('description')}>
        {(control) => (
          <ReviewTextarea
            {...control}
            rows={2}
            placeholder="What this payment covers"
            readOnly={pending}
            className="min-h-16"
            {...register(index, 'description')}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={fieldId('amountPence')}
          label="Amount (£)"
          required
          error={at('amountPence')}
          className="min-w-0"
        >
          {(control) => (
            <PoundsInput
              {...control}
              inputMode="decimal"
              placeholder="e.g. 250.00"
              readOnly={pending}
              {...register(index, 'amountPence')}
            />
          )}
        </Field>
        <Field id={fieldId('dueDate')} label="Due date" required error={at('dueDate')} className="min-w-0">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              max={aYearAfter(today)}
              readOnly={pending}
              {...register(index, 'dueDate')}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

/** The running sum against the booking's amount: the one figure the plan must get right. */
function PlanSum({ draft, bookingAmountPence }: { draft: PlanDraft; bookingAmountPence: number }) {
  const { id, sum, left, planMessage } = draft;
  return (
    <div className="space-y-2 rounded-lg bg-muted/60 p-3 text-sm">
      {/* Said as the amounts are typed, politely. */}
      <p id={`${id}-sum`} tabIndex={-1} aria-live="polite" className="font-medium outline-none">
        {formatPence(sum, 2)} of {formatPence(bookingAmountPence, 2)} planned
        <span className={cn('block font-normal sm:inline', left !== 0 && 'text-muted-foreground')}>
          {/* On its own line on a phone, after a dot on wider screens. */}
          <span className="hidden sm:inline"> · </span>
          {left === 0
            ? 'adds up to the booking amount'
            : left > 0
              ? `${formatPence(left, 2)} left to plan`
              : `${formatPence(-left, 2)} over the booking amount`}
        </span>
      </p>
      <FieldError id={`${id}-plan-error`} message={planMessage} />
    </div>
  );
}
