import type { ReviewTask } from '@domain/reviews/api';
import { Inbox, PenLine, Star } from 'lucide-react';
import { useRef } from 'react';
import { CardSkeletons, EmptyState, ErrorState, LoadMore } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { useTabParam } from '@/lib/use-tab-param';
import { type ReviewSide, useMyReviews, useReviewTasks } from './api';
import { ReceivedReviewCard, ReviewTaskCard, WrittenReviewCard } from './review-cards';

// A Record, so a tab added later fails the typecheck until it has a label; its order is the screen's.
const TAB_LABELS = { 'to-write': 'To write', received: 'Received', written: 'Written' } as const;
type MyReviewsTab = keyof typeof TAB_LABELS;
const TABS = Object.keys(TAB_LABELS) as MyReviewsTab[];
const isTab = (value: string | null): value is MyReviewsTab => value !== null && value in TAB_LABELS;

const EMPTY: Record<MyReviewsTab, { title: string; text: string }> = {
  'to-write': {
    title: 'Nothing to review',
    text: 'When a job is finished and paid for, you can review it here for 14 days.',
  },
  received: { title: 'No reviews yet', text: 'When someone reviews you after a job, it appears here.' },
  written: { title: 'No reviews written', text: 'The reviews you leave after your jobs appear here.' },
};

/**
 * My Reviews (/my-reviews): bookings waiting for my review, the reviews about me (with my replies)
 * and the ones I wrote. The tab is in the address (?tab=received), so a notification can open it.
 */
export function MyReviews() {
  const [tab, setTab] = useTabParam(isTab, 'to-write');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">My Reviews</h1>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t} value={t}>
            {t === tab && (t === 'to-write' ? <ToWritePanel /> : <ReviewsPanel side={t} />)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function ToWritePanel() {
  const tasks = useReviewTasks();
  const panel = useRef<HTMLDivElement>(null);
  // A review sent from the list takes its booking off it, and the focused button with it.
  useKeepFocus(panel, tasks.data?.length);
  if (tasks.isPending) return <CardSkeletons count={2} height="h-36" />;
  if (tasks.isError) {
    return (
      <ErrorState text="We couldn't load the reviews you can write." onRetry={() => void tasks.refetch()} />
    );
  }
  const count = tasks.data.length;
  return (
    <div ref={panel} tabIndex={-1} className="outline-none">
      {count === 0 ? (
        <EmptyState
          icon={<PenLine aria-hidden="true" />}
          title={EMPTY['to-write'].title}
          text={EMPTY['to-write'].text}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground">
            {count === 1 ? '1 job is' : `${count} jobs are`} waiting for your review.
          </p>
          <ul className="space-y-3" aria-label="Reviews to write">
            {tasks.data.map((task) => (
              <li key={task.bookingId}>
                <ReviewTaskCard task={task} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ReviewsPanel({ side }: { side: ReviewSide }) {
  const query = useMyReviews(side);
  // A review still waiting about me can be answered with mine from its card, while the window is open.
  const tasks = useReviewTasks(side === 'received');
  const taskFor = new Map<string, ReviewTask>((tasks.data ?? []).map((task) => [task.bookingId, task]));
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const what = side === 'received' ? 'reviews about you' : 'reviews you wrote';

  if (query.isPending) return <CardSkeletons count={3} height="h-36" />;
  if (query.isError)
    return <ErrorState text={`We couldn't load your ${what}.`} onRetry={() => void query.refetch()} />;
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={side === 'received' ? <Inbox aria-hidden="true" /> : <Star aria-hidden="true" />}
        title={EMPTY[side].title}
        text={EMPTY[side].text}
      />
    );
  }
  return (
    <div aria-busy={query.isFetchingNextPage}>
      <ul className="space-y-3" aria-label={side === 'received' ? 'Reviews received' : 'Reviews written'}>
        {reviews.map((review) => (
          <li key={review.id}>
            {side === 'received' ? (
              <ReceivedReviewCard review={review} task={taskFor.get(review.bookingId)} />
            ) : (
              <WrittenReviewCard review={review} />
            )}
          </li>
        ))}
      </ul>
      <LoadMore query={query} what={what} />
    </div>
  );
}
