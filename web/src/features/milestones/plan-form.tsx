import { aYearAfter, londonToday } from '@domain/marketplace/schemas';
import type { BookingMilestonesView, PlanView } from '@domain/milestones/api';
import { MILESTONE_RULES as R } from '@domain/milestones/messages';
import { type PlanItemInput, planIssues } from '@domain/milestones/rules';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import {
  errorIdOf,
  fieldErrorProps,
  isValidationError,
  serverDetails,
  updateThenFocus,
} from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useProposePlan } from './api';

type Row = { key: number; title: string; description: string; amount: string; dueDate: string };
type RowField = 'title' | 'description' | 'amountPence' | 'dueDate';
const ROW_FIELDS: RowField[] = ['title', 'description', 'amountPence', 'dueDate'];

let nextKey = 0;
const emptyRow = (): Row => ({ key: nextKey++, title: '', description: '', amount: '', dueDate: '' });
const penceToPounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** A plan's rows to start from: the one being revised or the one declined, else two empty ones. */
function startingRows(plan: PlanView | null): Row[] {
  if (!plan) return Array.from({ length: R.minMilestones }, emptyRow);
  return [...plan.milestones]
    .sort((a, b) => a.index - b.index)
    .map((m) => ({
      key: nextKey++,
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

/** Messages by path ('milestones.1.amountPence', or 'milestones' for the whole plan), the first of each. */
function byPath(issues: { path: (string | number)[] | string; message: string }[]): Map<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : issue.path;
    if (!messages.has(path)) messages.set(path, issue.message);
  }
  return messages;
}

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
  const id = useId();
  const fieldId = (row: Row, field: RowField) => `${id}-${row.key}-${field}`;
  const [rows, setRows] = useState(() => startingRows(startFrom));
  const [submitted, setSubmitted] = useState(false);
  // The server's refusals by path; a field's own is dropped as soon as it is edited.
  const [serverIssues, setServerIssues] = useState<Map<string, string>>(new Map());
  const propose = useProposePlan(view.bookingId);
  const pending = propose.isPending;
  const today = londonToday();

  const items = toItems(rows);
  const clientIssues = byPath(planIssues(items, { bookingAmountPence: view.bookingAmountPence, today }));
  const message = (path: string) =>
    serverIssues.get(path) ?? (submitted ? clientIssues.get(path) : undefined);
  const planMessage = message('milestones');
  const sum = items.reduce(
    (s, item) => s + (Number.isSafeInteger(item.amountPence) ? item.amountPence : 0),
    0,
  );
  const left = view.bookingAmountPence - sum;

  const byId = (elementId: string) => () => document.getElementById(elementId);

  const edit = (row: Row, field: keyof Omit<Row, 'key'>, value: string) => {
    setRows((current) => current.map((r) => (r.key === row.key ? { ...r, [field]: value } : r)));
    const index = rows.indexOf(row);
    const path = `milestones.${index}.${field === 'amount' ? 'amountPence' : field}`;
    if (serverIssues.has(path) || serverIssues.has('milestones')) {
      setServerIssues((current) => {
        const next = new Map(current);
        next.delete(path);
        next.delete('milestones');
        return next;
      });
    }
  };

  const add = () => {
    const row = emptyRow();
    updateThenFocus(
      () => {
        setRows((current) => [...current, row]);
        // Rows are counted by index: the server's messages about them no longer point at the right one.
        setServerIssues(new Map());
      },
      byId(fieldId(row, 'title')),
    );
  };

  const remove = (row: Row) => {
    const index = rows.indexOf(row);
    const rest = rows.filter((r) => r.key !== row.key);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    updateThenFocus(
      () => {
        setRows(rest);
        setServerIssues(new Map());
      },
      () => (neighbour ? document.getElementById(fieldId(neighbour, 'title')) : null),
    );
  };

  /** The first field (on screen order) with a message, else the plan's own message. */
  const firstWithMessage = (messages: Map<string, string>): string => {
    for (const [index, row] of rows.entries()) {
      const field = ROW_FIELDS.find((f) => messages.has(`milestones.${index}.${f}`));
      if (field) return fieldId(row, field);
    }
    return `${id}-sum`;
  };

  const send = () => {
    if (pending) return;
    const [first] = clientIssues.values();
    updateThenFocus(
      () => {
        setSubmitted(true);
        setServerIssues(new Map());
      },
      first ? byId(firstWithMessage(clientIssues)) : () => null,
    );
    if (first) {
      void showError('Validation Error', first);
      return;
    }
    propose.mutate(
      { milestones: items },
      {
        onSuccess: () => {
          void showSuccess(
            'Milestone plan sent',
            `${view.customerName ?? 'The customer'} can now accept or decline it.`,
          );
          onCancel?.();
        },
        onError: (error) => {
          const refused = byPath(serverDetails(error).map((d) => ({ path: d.field, message: d.message })));
          const said = errorMessage(error, 'Failed to send the plan');
          // A refusal that names no field (a proposal already waiting, payments started) is the plan's.
          if (refused.size === 0) refused.set('milestones', said);
          updateThenFocus(() => setServerIssues(refused), byId(firstWithMessage(refused)));
          void showError(isValidationError(error) ? 'Validation Error' : 'Error', said);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-busy={pending}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ol className="space-y-4">
        {rows.map((row, index) => {
          const at = (field: RowField) => message(`milestones.${index}.${field}`);
          return (
            <li key={row.key}>
              <fieldset className="relative min-w-0 space-y-3 rounded-xl border border-border p-4">
                {/* Floated, so it sits inside the border rather than on it. */}
                <legend className="float-left py-1.5 font-semibold">Milestone {index + 1}</legend>
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute top-3 right-3"
                  disabled={pending || rows.length <= R.minMilestones}
                  onClick={() => remove(row)}
                  aria-label={`Remove milestone ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
                <div className="clear-both space-y-2">
                  <Label htmlFor={fieldId(row, 'title')}>
                    Title
                    <RequiredMark />
                  </Label>
                  <Input
                    id={fieldId(row, 'title')}
                    value={row.title}
                    placeholder="e.g. First fix"
                    aria-required="true"
                    readOnly={pending}
                    {...fieldErrorProps(fieldId(row, 'title'), at('title'))}
                    onChange={(event) => edit(row, 'title', event.target.value)}
                  />
                  <FieldError id={errorIdOf(fieldId(row, 'title'))} message={at('title')} />
                </div>
                <div className="space-y-2">
                  <Label htmlFor={fieldId(row, 'description')}>Description (optional)</Label>
                  <ReviewTextarea
                    id={fieldId(row, 'description')}
                    rows={2}
                    value={row.description}
                    placeholder="What this payment covers"
                    readOnly={pending}
                    {...fieldErrorProps(fieldId(row, 'description'), at('description'))}
                    className="min-h-16"
                    onChange={(event) => edit(row, 'description', event.target.value)}
                  />
                  <FieldError id={errorIdOf(fieldId(row, 'description'))} message={at('description')} />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="min-w-0 space-y-2">
                    <Label htmlFor={fieldId(row, 'amountPence')}>
                      Amount (£)
                      <RequiredMark />
                    </Label>
                    <PoundsInput
                      id={fieldId(row, 'amountPence')}
                      inputMode="decimal"
                      placeholder="e.g. 250.00"
                      value={row.amount}
                      aria-required="true"
                      readOnly={pending}
                      {...fieldErrorProps(fieldId(row, 'amountPence'), at('amountPence'))}
                      onChange={(event) => edit(row, 'amount', event.target.value)}
                    />
                    <FieldError id={errorIdOf(fieldId(row, 'amountPence'))} message={at('amountPence')} />
                  </div>
                  <div className="min-w-0 space-y-2">
                    <Label htmlFor={fieldId(row, 'dueDate')}>
                      Due date
                      <RequiredMark />
                    </Label>
                    <Input
                      id={fieldId(row, 'dueDate')}
                      type="date"
                      min={today}
                      max={aYearAfter(today)}
                      value={row.dueDate}
                      aria-required="true"
                      readOnly={pending}
                      {...fieldErrorProps(fieldId(row, 'dueDate'), at('dueDate'))}
                      onChange={(event) => edit(row, 'dueDate', event.target.value)}
                    />
                    <FieldError id={errorIdOf(fieldId(row, 'dueDate'))} message={at('dueDate')} />
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>

      <Button variant="outline" size="sm" disabled={pending || rows.length >= R.maxMilestones} onClick={add}>
        <Plus aria-hidden="true" />
        Add milestone
      </Button>

      <div className="space-y-2 rounded-lg bg-muted/60 p-3 text-sm">
        {/* Said as the amounts are typed, politely: the one figure the plan must get right. */}
        <p id={`${id}-sum`} tabIndex={-1} aria-live="polite" className="font-medium outline-none">
          {formatPence(sum, 2)} of {formatPence(view.bookingAmountPence, 2)} planned
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

      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          aria-describedby={planMessage ? `${id}-plan-error` : undefined}
        >
          {pending && <Spinner />}
          {view.plan ? 'Propose changes' : 'Propose milestone plan'}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
