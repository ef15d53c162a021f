import type { MyJobsTab } from '@domain/marketplace/api';
import { Briefcase } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState, LoadMore } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMyJobs } from './api';
import { MyJobCard } from './my-job-card';

// A Record, so a tab the API adds fails the typecheck until it has a label; its order is the screen's.
const TAB_LABELS: Record<MyJobsTab, string> = { all: 'All', open: 'Open', active: 'Active', done: 'Done' };
const MY_JOBS_TABS = Object.keys(TAB_LABELS) as MyJobsTab[];

const EMPTY: Record<MyJobsTab, { title: string; text: string }> = {
  all: { title: 'No jobs yet', text: 'Post your first job and local tradespeople will send you quotes.' },
  open: { title: 'No open jobs', text: 'Jobs waiting for quotes appear here.' },
  active: { title: 'No active jobs', text: 'When you accept a quote, the job appears here.' },
  done: { title: 'No completed jobs', text: 'Finished and paid jobs appear here.' },
};

/** The customer's My Jobs tabs (spec section 2): All, Open, Active (in_progress), Done (completed). */
export function MyJobsTabs({ tab, onTabChange }: { tab: MyJobsTab; onTabChange: (tab: MyJobsTab) => void }) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as MyJobsTab)}>
      <TabsList className="w-full">
        {MY_JOBS_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TAB_LABELS[t]}
          </TabsTrigger>
        ))}
      </TabsList>
      {MY_JOBS_TABS.map((t) => (
        <TabsContent key={t} value={t}>
          {t === tab && <MyJobsPanel tab={t} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function MyJobsPanel({ tab }: { tab: MyJobsTab }) {
  const jobs = useMyJobs(tab);
  if (jobs.isPending) return <CardSkeletons />;
  if (jobs.isError)
    return <ErrorState text="We couldn't load your jobs." onRetry={() => void jobs.refetch()} />;
  const list = jobs.data.pages.flatMap((page) => page.jobs);
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<Briefcase aria-hidden="true" />}
        title={EMPTY[tab].title}
        text={EMPTY[tab].text}
        action={
          <Button asChild>
            <Link to="/post-job">Post a Job</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label={`${TAB_LABELS[tab]} jobs`}>
        {list.map((job) => (
          <li key={job.id}>
            <MyJobCard job={job} tab={tab} />
          </li>
        ))}
      </ul>
      <LoadMore query={jobs} what="jobs" />
    </>
  );
}
