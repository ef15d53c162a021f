import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminPageHeader } from './page-header';

interface QueueTab {
  /** The tab's `?status=` value; the first tab is the page without one. */
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * An admin queue: a header and two tabs, what is waiting (with its count) and what was decided. The tab
 * lives in the URL (?status=<second tab>), so Back and a shared link keep it.
 */
export function AdminQueuePage({
  title,
  description,
  waiting,
  decided,
}: {
  title: string;
  description: string;
  waiting: QueueTab & { count: number | undefined };
  decided: QueueTab;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('status') === decided.value ? decided.value : waiting.value;

  const choose = (next: string) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === decided.value) copy.set('status', decided.value);
        else copy.delete('status');
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <AdminPageHeader title={title} description={description} />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value={waiting.value}>
            {waiting.label}
            {/* Same width while loading: the count's place is kept. */}
            <span className="ml-1.5 inline-block min-w-[2ch] tabular-nums">
              {waiting.count === undefined ? '' : `(${waiting.count})`}
            </span>
          </TabsTrigger>
          <TabsTrigger value={decided.value}>{decided.label}</TabsTrigger>
        </TabsList>
        <TabsContent value={waiting.value}>{waiting.content}</TabsContent>
        <TabsContent value={decided.value}>{decided.content}</TabsContent>
      </Tabs>
    </div>
  );
}
