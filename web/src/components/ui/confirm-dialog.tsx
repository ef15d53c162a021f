import { Slot } from '@radix-ui/react-slot';
import type { ReactElement } from 'react';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import type { ConfirmQuestion } from './confirm-dialog-content';

const loadDialog = () => import('./confirm-dialog-content');

/**
 * A question before an action that cannot be undone (cancel a job, withdraw or accept a quote, mark a
 * job complete). The page renders only the trigger; the dialog (confirm-dialog-content.tsx) loads as
 * the pointer comes near it or it gets the focus, and opens on the first press. Closing without
 * confirming changes nothing. The whole `description` (a sentence, or what the action will do) is the
 * dialog's accessible description, read when it opens.
 */
export function ConfirmDialog({ trigger, ...question }: ConfirmQuestion & { trigger: ReactElement }) {
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Slot {...dialog.button}>{trigger}</Slot>
      {dialog.Dialog && <dialog.Dialog {...question} {...dialog.dialog} />}
    </>
  );
}
