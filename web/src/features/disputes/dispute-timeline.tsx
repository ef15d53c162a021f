import type { DisputeDetail } from '@domain/disputes/api';
import { disputeTimeline } from '@domain/disputes/rules';
import { Check, Circle } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { disputeStatusLabel } from './format';

type StepState = 'done' | 'current' | 'ahead';

/**
 * Open → awaiting response → under review → resolved, each with when it was reached, and the other
 * party's 7-day deadline on the awaiting step. The step the dispute is at is marked for screen readers
 * with aria-current; the ticks and rings only repeat the words.
 */
export function DisputeTimeline({ dispute }: { dispute: DisputeDetail }) {
  const steps = disputeTimeline(dispute);
  const currentIndex = steps.findIndex((step) => step.status === dispute.status);
  const noResponse = dispute.reviewStartedAt !== null && dispute.response === null;
  return (
    <ol className="grid gap-3 sm:grid-cols-4 sm:gap-2" aria-label="Dispute progress">
      {steps.map((step, index) => {
        const state: StepState =
          index === currentIndex ? 'current' : index < currentIndex || step.at ? 'done' : 'ahead';
        return (
          <li
            key={step.status}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'flex gap-3 rounded-lg border p-3 sm:flex-col sm:gap-2',
              state === 'current' ? 'border-primary bg-primary/5' : 'border-border',
              state === 'ahead' && 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border',
                state === 'done' &&
                  'border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-600',
                state === 'current' && 'border-primary bg-primary text-primary-foreground',
                state === 'ahead' && 'border-border',
              )}
            >
              {state === 'ahead' ? <Circle className="size-2" /> : <Check className="size-3.5" />}
            </span>
            <div className="min-w-0 text-sm">
              <p className="font-semibold">
                {disputeStatusLabel(step.status)}
                {state === 'current' && <span className="sr-only"> (current step)</span>}
              </p>
              <p className={cn(state !== 'ahead' && 'text-muted-foreground')}>
                {step.at ? formatDateTime(step.at) : state === 'ahead' ? 'Not yet' : '—'}
              </p>
              {step.status === 'awaiting_response' && step.dueAt && !dispute.respondedAt && (
                <p className="mt-1 font-medium text-foreground">
                  {noResponse ? 'No response by ' : 'Response due by '}
                  {formatDateTime(step.dueAt)}
                </p>
              )}
              {step.status === 'awaiting_response' && dispute.respondedAt && (
                <p className="mt-1 text-muted-foreground">Responded {formatDateTime(dispute.respondedAt)}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
