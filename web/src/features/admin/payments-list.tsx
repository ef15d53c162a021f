import { ADMIN_LIMITS } from '@domain/admin/messages';
import { RefundBody } from '@domain/payments/api';
import { PAYMENT_MESSAGES } from '@domain/payments/messages';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { moneyState } from '@domain/payments/state';
import { Undo2, Wallet } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Badge } from '@/components/admin/user-badges';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { textareaClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { PoundsInput } from '@/components/ui/pounds-input';
import { issuesFromServer, useMarkFields } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
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

const AMOUNT_INVALID = 'Please enter an amount in pounds, such as 25.00';
const FIELDS = ['amount', 'reason'];

/** The refund's amount as typed in pounds (empty: everything still held) and RefundBody's reason. */
function refundForm(heldPence: number) {
  return z.object({
    amount: z.string().transform((text, ctx): number | undefined => {
      if (!text.trim()) return undefined;
      const parsed = parsePoundsToPence(text);
      const pence = parsed.ok && parsed.pence > 0 ? parsed.pence : null;
      if (pence === null || pence > heldPence) {
        ctx.addIssue({
          code: 'custom',
          message: pence === null ? AMOUNT_INVALID : PAYMENT_MESSAGES.refundTooLarge,
        });
        return z.NEVER;
      }
      return pence;
    }),
    reason: RefundBody.shape.reason,
  });
}
type RefundFormApi = ZodForm<ReturnType<typeof refundForm>>;
const EMPTY = { amount: '', reason: '' };

/**
 * Refunds part or all of what a payment still holds. The amount is optional (everything held); the
 * reason is required. The server's refusals are shown in its own words.
 */
function RefundDialog({ payment }: { payment: AdminPaymentView }) {
  const id = useId();
  // The form comes from useRefundForm below; the dialog only empties it once closed, by then it exists.
  const [open, setOpen] = useFormDialogOpen(() => form.reset(EMPTY));
  const close = () => setOpen(false);
  const { form, onSubmit, pending } = useRefundForm(payment, close);
  const failure = form.formState.errors.root?.server?.message;

  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Refund payment for ${payment.jobTitle}`}>
          <Undo2 aria-hidden="true" />
          Refund
        </Button>
      }
      title="Refund this payment?"
      description={
        <>
          {payment.jobTitle}: {formatPence(payment.heldPence)} still held. The money goes back to the
          customer.
        </>
      }
      open={open}
      onOpenChange={setOpen}
      pending={pending}
    >
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <RefundFields id={id} form={form} heldPence={payment.heldPence} />
        <FieldError id={`${id}-form`} message={failure} />
        <DialogActions
          onCancel={close}
          confirmLabel="Refund"
          confirmVariant="destructive"
          pending={pending}
          describedBy={failure ? `${id}-form` : null}
        />
      </form>
    </FormDialog>
  );
}

/** The amount and reason, and the refund: the server's field messages beside their fields. */
function useRefundForm(payment: AdminPaymentView, onRefunded: () => void) {
  const refund = useRefund();
  const schema = useMemo(() => refundForm(payment.heldPence), [payment.heldPence]);
  const form: RefundFormApi = useZodForm(schema, { defaultValues: EMPTY });
  const mark = useMarkFields(form, FIELDS);

  const onSubmit = form.submitWith(({ amount: amountPence, reason }) => {
    // mutateAsync: the answer is handled even when a full refund has removed this dialog's row button.
    void refund.mutateAsync({ paymentId: payment.id, amountPence, reason }).then(
      () => {
        onRefunded();
        form.reset(EMPTY);
        void showSuccess(
          'Refund made',
          `${formatPence(amountPence ?? payment.heldPence)} refunded for ${payment.jobTitle}.`,
        );
      },
      (error: unknown) => {
        const message = errorMessage(error, 'The refund could not be made. Please try again.');
        // The server names the amount in pence; the form asks for it in pounds.
        const issues = issuesFromServer(error).map((i) =>
          i.field === 'amountPence' ? { ...i, field: 'amount' } : i,
        );
        if (mark(issues)) return;
        form.setError('root.server', { message });
        void showError('Error', message);
      },
    );
  });
  return { form, onSubmit, pending: refund.isPending };
}

function RefundFields({ id, form, heldPence }: { id: string; form: RefundFormApi; heldPence: number }) {
  const { register, formState } = form;
  return (
    <>
      <Field
        id={`${id}-amount`}
        label="Amount to refund (£)"
        hint={`Leave empty to refund everything still held (${formatPence(heldPence)}).`}
        error={formState.errors.amount?.message}
      >
        {(control) => (
          <PoundsInput
            inputMode="decimal"
            autoComplete="off"
            placeholder={(heldPence / 100).toFixed(2)}
            {...control}
            {...register('amount')}
          />
        )}
      </Field>
      <Field
        id={`${id}-reason`}
        label="Reason"
        required
        hint={`Kept with the payment's record. Up to ${ADMIN_LIMITS.reasonMax} characters.`}
        error={formState.errors.reason?.message}
      >
        {(control) => <textarea rows={3} {...control} {...register('reason')} className={textareaClass} />}
      </Field>
    </>
  );
}
