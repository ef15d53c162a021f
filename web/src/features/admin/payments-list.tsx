import { ADMIN_LIMITS } from '@domain/admin/messages';
import { PAYMENT_MESSAGES } from '@domain/payments/messages';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { moneyState } from '@domain/payments/state';
import { Undo2, Wallet } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header';
import { reasonProblem, TEXTAREA_CLASS } from '@/components/admin/reason-dialog';
import { Badge } from '@/components/admin/user-badges';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/admin-format';
import { errorIdOf, fieldErrorProps, issuesFromServer } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { type AdminPaymentView, errorMessage, useAdminPayments, useRefund } from './api';

/** Where a payment's money is, in words and a colour. */
function stateOf(payment: AdminPaymentView): { text: string; tone: 'blue' | 'green' | 'red' | 'grey' } {
  if (payment.status !== 'succeeded' && payment.status !== 'refunded') {
    return { text: payment.status === 'failed' ? 'Failed' : 'Not paid', tone: 'grey' };
  }
  if (payment.frozen && payment.heldPence > 0) return { text: 'Frozen by a dispute', tone: 'red' };
  switch (moneyState(payment)) {
    case 'held':
      return {
        text: payment.heldUntil ? `Held until ${formatDate(payment.heldUntil)}` : 'Held in escrow',
        tone: 'blue',
      };
    case 'released':
      return { text: 'Released', tone: 'green' };
    case 'refunded':
      return { text: 'Refunded', tone: 'grey' };
    case 'partly_refunded':
      return { text: 'Partly refunded', tone: 'grey' };
    default:
      return { text: 'Not paid', tone: 'grey' };
  }
}

/** /admin/payments: the latest payments, where their money is, and refunds of what is still held. */
export function AdminPayments() {
  const query = useAdminPayments();
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Payment Management"
        description="The latest payments. Money still held in escrow can be refunded to the customer, in full or in part."
      />
      {query.isPending ? (
        <CardSkeletons count={4} height="h-28" />
      ) : query.isError ? (
        <ErrorState text="We could not load the payments." onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={<Wallet aria-hidden="true" />}
          title="No payments yet"
          text="Payments appear here once customers pay for their bookings."
        />
      ) : (
        <ul aria-label="Payments" className="space-y-3">
          {query.data.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PaymentRow({ payment }: { payment: AdminPaymentView }) {
  const state = stateOf(payment);
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words">
            <Link to={`/job/${payment.jobId}`} className="text-primary hover:underline">
              {payment.jobTitle}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {payment.paidAt
              ? `Paid ${formatDate(payment.paidAt)}`
              : `Started ${formatDate(payment.createdAt)}`}
            {payment.releasedAt && ` · released ${formatDate(payment.releasedAt)}`}
          </p>
        </div>
        <p className="shrink-0 text-lg font-semibold">
          <span className="sr-only">Amount: </span>
          {formatPence(payment.amountPence)}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <Badge tone={state.tone}>{state.text}</Badge>
        <span className="text-muted-foreground">
          {payment.heldPence > 0 && `Held ${formatPence(payment.heldPence)} · `}
          {payment.refundedPence > 0 && `Refunded ${formatPence(payment.refundedPence)} · `}
          Fee {formatPence(payment.feePence)}
        </span>
        <span className="flex gap-3">
          <Link to={`/admin/users/${payment.customerId}`} className="text-primary hover:underline">
            <span className="sr-only">Customer: </span>
            {payment.customerName ?? 'Customer'}
          </Link>
          <span aria-hidden="true" className="text-muted-foreground">
            →
          </span>
          <Link to={`/admin/users/${payment.tradespersonId}`} className="text-primary hover:underline">
            <span className="sr-only">Tradesperson: </span>
            {payment.tradespersonName ?? 'Tradesperson'}
          </Link>
        </span>
        {payment.heldPence > 0 && (
          <span className="sm:ml-auto">
            <RefundDialog payment={payment} />
          </span>
        )}
      </div>
    </li>
  );
}

type Problems = { amount?: string; reason?: string; form?: string };

/**
 * Refunds part or all of what a payment still holds. The amount is optional (everything held); the
 * reason is required. The server's refusals are shown in its own words.
 */
function RefundDialog({ payment }: { payment: AdminPaymentView }) {
  const id = useId();
  const refund = useRefund();
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const close = () => {
    setOpen(false);
    setAmount('');
    setReason('');
    setProblems({});
  };

  const refuse = (found: Problems) => {
    setProblems(found);
    requestAnimationFrame(() => {
      if (found.amount) amountRef.current?.focus();
      else if (found.reason) reasonRef.current?.focus();
    });
  };

  const submit = () => {
    const found: Problems = {};
    let amountPence: number | undefined;
    if (amount.trim()) {
      const parsed = parsePoundsToPence(amount);
      if (!parsed.ok || parsed.pence <= 0) found.amount = 'Please enter an amount in pounds, such as 25.00';
      else if (parsed.pence > payment.heldPence) found.amount = PAYMENT_MESSAGES.refundTooLarge;
      else amountPence = parsed.pence;
    }
    const reasonIssue = reasonProblem(reason);
    if (reasonIssue) found.reason = reasonIssue;
    if (found.amount || found.reason) return refuse(found);
    setProblems({});
    // mutateAsync: the answer is handled even when a full refund has removed this dialog's row button.
    void refund.mutateAsync({ paymentId: payment.id, amountPence, reason: reason.trim() }).then(
      () => {
        close();
        void showSuccess(
          'Refund made',
          `${formatPence(amountPence ?? payment.heldPence)} refunded for ${payment.jobTitle}.`,
        );
      },
      (error: unknown) => {
        const message = errorMessage(error, 'The refund could not be made. Please try again.');
        const issues = issuesFromServer(error);
        const fieldIssues: Problems = {
          amount: issues.find((i) => i.field === 'amountPence')?.message,
          reason: issues.find((i) => i.field === 'reason')?.message,
        };
        if (fieldIssues.amount || fieldIssues.reason) return refuse(fieldIssues);
        setProblems({ form: message });
        void showError('Error', message);
      },
    );
  };

  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (refund.isPending) return;
        if (next) setOpen(true);
        else close();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Refund payment for ${payment.jobTitle}`}>
          <Undo2 aria-hidden="true" />
          Refund
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Refund this payment?</DialogTitle>
        <DialogDescription>
          {payment.jobTitle}: {formatPence(payment.heldPence)} still held. The money goes back to the
          customer.
        </DialogDescription>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor={amountId}>Amount to refund (£)</Label>
            <PoundsInput
              ref={amountRef}
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              placeholder={(payment.heldPence / 100).toFixed(2)}
              {...fieldErrorProps(amountId, problems.amount, `${amountId}-hint`)}
              onChange={(event) => setAmount(event.target.value)}
            />
            <p id={`${amountId}-hint`} className="text-xs text-muted-foreground">
              Leave empty to refund everything still held ({formatPence(payment.heldPence)}).
            </p>
            <FieldError id={errorIdOf(amountId)} message={problems.amount} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={reasonId}>
              Reason
              <RequiredMark />
            </Label>
            <textarea
              ref={reasonRef}
              id={reasonId}
              rows={3}
              value={reason}
              aria-required="true"
              {...fieldErrorProps(reasonId, problems.reason, `${reasonId}-hint`)}
              onChange={(event) => setReason(event.target.value)}
              className={TEXTAREA_CLASS}
            />
            <p id={`${reasonId}-hint`} className="text-xs text-muted-foreground">
              Kept with the payment's record. Up to {ADMIN_LIMITS.reasonMax} characters.
            </p>
            <FieldError id={errorIdOf(reasonId)} message={problems.reason} />
          </div>
          <FieldError id={`${id}-form`} message={problems.form} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={refund.isPending}
              aria-busy={refund.isPending}
              aria-describedby={problems.form ? `${id}-form` : undefined}
            >
              {refund.isPending && <Spinner />}
              Refund
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
