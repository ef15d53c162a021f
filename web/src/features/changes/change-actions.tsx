import type { ChangeView } from '@domain/changes/api';
import { CHANGE_LIMITS } from '@domain/changes/rules';
import { formatPence } from '@domain/payments/money';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { useAcceptChange, useDeclineChange, useWithdrawChange } from './api';
import { amountWith } from './change-words';

/**
 * What the viewer may do with a change waiting for an answer, as the server says (`viewer`): the other
 * party accepts or declines it, the proposer withdraws it. Each asks first; a refusal is said in the
 * dialog, which stays open, and the page is read again behind it.
 */
export function ChangeActions({ change, agreedPence }: { change: ChangeView; agreedPence: number }) {
  const { canAccept, canDecline, canWithdraw } = change.viewer;
  if (!canAccept && !canDecline && !canWithdraw) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-border pt-3">
      {canAccept && <AcceptChange change={change} agreedPence={agreedPence} />}
      {canDecline && <DeclineChange change={change} />}
      {canWithdraw && <WithdrawChange change={change} />}
    </div>
  );
}

function AcceptChange({ change, agreedPence }: { change: ChangeView; agreedPence: number }) {
  const accept = useAcceptChange(change.bookingId);
  const after = amountWith(agreedPence, change);
  return (
    <ConfirmDialog
      trigger={<Button>Accept</Button>}
      title="Accept this change?"
      description={
        <p>
          The booking's agreed amount goes from {formatPence(agreedPence)} to {formatPence(after)}.
          {change.direction === 'increase'
            ? ' The extra is paid into escrow and held until the work is done.'
            : ' Less is paid, or the difference is refunded from escrow before the money is released.'}
        </p>
      }
      confirmLabel="Accept change"
      cancelLabel="Not yet"
      confirmVariant="default"
      pending={accept.isPending}
      onConfirm={(close, fail) =>
        accept.mutate(change.id, {
          onSuccess: () => {
            close();
            void showSuccess('Change accepted');
          },
          onError: (error) => {
            const message = errorMessage(error, 'Failed to accept the change');
            fail(message);
            void showError('Error', message);
          },
        })
      }
    />
  );
}

function WithdrawChange({ change }: { change: ChangeView }) {
  const withdraw = useWithdrawChange(change.bookingId);
  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Withdraw</Button>}
      title="Withdraw this change?"
      description={<p>The proposal is taken back and nothing about the booking changes.</p>}
      confirmLabel="Withdraw change"
      pending={withdraw.isPending}
      onConfirm={(close, fail) =>
        withdraw.mutate(change.id, {
          onSuccess: () => {
            close();
            void showSuccess('Change withdrawn');
          },
          onError: (error) => {
            const message = errorMessage(error, 'Failed to withdraw the change');
            fail(message);
            void showError('Error', message);
          },
        })
      }
    />
  );
}

/** Decline, with an optional reason the proposer sees; the reason stays typed through a refusal. */
function DeclineChange({ change }: { change: ChangeView }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const decline = useDeclineChange(change.bookingId);
  const pending = decline.isPending;
  const proposer = change.proposedBy.name;

  const send = () => {
    if (pending) return;
    setFailure(null);
    const text = reason.trim();
    decline.mutate(
      { changeId: change.id, reason: text || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          void showSuccess('Change declined', `${proposer} is told and the booking stays as it was.`);
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to decline the change');
          setFailure(message);
          void showError('Error', message);
        },
      },
    );
  };

  return (
    <FormDialog
      trigger={<Button variant="outline">Decline</Button>}
      title="Decline this change?"
      description={<>{proposer} is told and the booking stays as it was. Saying why helps.</>}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(null);
      }}
      pending={pending}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Field
          id={`${id}-reason`}
          label="Reason (optional)"
          counter={
            <CharacterCounter
              id={`${id}-count`}
              length={reason.trim().length}
              max={CHANGE_LIMITS.declineReasonMax}
            />
          }
          error={null}
        >
          {(control) => (
            <ReviewTextarea
              rows={4}
              value={reason}
              maxLength={CHANGE_LIMITS.declineReasonMax}
              readOnly={pending}
              {...control}
              // A refusal of the whole request is read with the reason too.
              aria-describedby={[control['aria-describedby'], failure && `${id}-error`]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <FieldError id={`${id}-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel="Decline change"
          confirmVariant="destructive"
          pending={pending}
        />
      </form>
    </FormDialog>
  );
}
