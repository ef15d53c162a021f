import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadFailedCard, LoadMore } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { countOf } from '@/lib/format';
import { useTabParam } from '@/lib/use-tab-param';
import { isQuoteTab, QUOTE_TABS, type QuoteTab, useMyQuotes } from './api';
import { MyQuoteCard, MyQuoteCardSkeleton } from './my-quote-card';

const SKELETON_KEYS = ['a', 'b', 'c'] as const;

/** Manage Quotes (spec section 2): the tradesperson's quotes by tab; the tab lives in the URL (?tab=). */
export function ManageQuotes() {
  const [tab, setTab] = useTabParam(isQuoteTab, 'all', { preventScrollReset: true });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Manage Quotes</h1>
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList className="w-full sm:w-auto">
          {QUOTE_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:px-4">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {QUOTE_TABS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            <QuoteList tab={value} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function QuoteList({ tab }: { tab: QuoteTab }) {
  const query = useMyQuotes(tab);
  const empty = QUOTE_TABS.find((t) => t.value === tab)!.empty;

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading quotes…
        </p>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {SKELETON_KEYS.map((key) => (
            <li key={key}>
              <MyQuoteCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (!query.data) {
    return <LoadFailedCard what="your quotes" query={query} />;
  }

  const quotes = query.data.pages.flatMap((page) => page.quotes);
  if (quotes.length === 0) {
    return (
      <div role="status" className="rounded-xl border border-dashed border-border p-10 text-center">
        <FileText className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold">{empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">Browse open jobs and send a quote.</p>
        <Button asChild className="mt-4">
          <Link to="/browse">Find Jobs</Link>
        </Button>
      </div>
    );
  }

  return (
    <>
      <p role="status" className="sr-only">
        {countOf(quotes.length, 'quote')}
        {query.hasNextPage ? ' shown, more to load' : ''}
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {quotes.map((quote) => (
          <li key={quote.id}>
            <MyQuoteCard quote={quote} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} what="quotes" />
    </>
  );
}
