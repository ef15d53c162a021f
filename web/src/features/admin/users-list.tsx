import { ADMIN_LIMITS } from '@domain/admin/messages';
import { Search, UserX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AccountBadges, USER_TYPE_LABELS } from '@/components/admin/user-badges';
import { Button } from '@/components/ui/button';
import { FilterChips } from '@/components/ui/filter-chips';
import { IconInput } from '@/components/ui/icon-input';
import { Label } from '@/components/ui/label';
import { CardSkeletons, EmptyState, ErrorState, LoadMore } from '@/components/ui/list-states';
import { formatDate, plural } from '@/lib/format';
import { type AdminUserFilter, type AdminUserSummary, useAdminUsers } from './api';

/** The filter chips, with the API's value for each. */
export const USER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'customer', label: 'Customers' },
  { value: 'tradesperson', label: 'Tradespeople' },
  { value: 'admin', label: 'Admins' },
  { value: 'suspended', label: 'Suspended' },
] as const satisfies readonly { value: AdminUserFilter; label: string }[];

const isFilter = (value: string | null): value is AdminUserFilter =>
  USER_FILTERS.some((f) => f.value === value);

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /admin/users: search by name or email, filter by kind of account, newest first, 25 at a time. The
 * search and the filter live in the URL (?q=, ?filter=), so Back and a shared link keep them.
 */
export function UsersList() {
  const search = useUserSearch();
  const { query, q, filter } = search;
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="User Management"
        description="Find an account to see its activity or act on it."
      />
      <div className="space-y-4">
        <UserSearchBox
          text={search.text}
          onType={search.setText}
          onSearch={() => search.update('q', search.text.trim())}
        />
        <UserFilterChips filter={filter} onChoose={(value) => search.update('filter', value)} />
      </div>

      {/* One line, always present: screen readers hear the new result after each search. */}
      <p role="status" aria-live="polite" className="h-5 text-sm text-muted-foreground">
        {query.isPending
          ? 'Loading users…'
          : query.data
            ? resultText(users.length, query.hasNextPage, q)
            : ''}
      </p>

      <div aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <CardSkeletons count={5} height="h-20" />
        ) : query.isError && !query.data ? (
          <ErrorState text="We could not load the users." onRetry={() => void query.refetch()} />
        ) : users.length === 0 ? (
          <NoUsers searching={q !== '' || filter !== 'all'} onClear={search.clear} />
        ) : (
          <>
            <ul
              aria-label="Users"
              className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
            >
              {users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ul>
            <LoadMore query={query} what="users" />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The search and filter as the URL holds them, the text being typed (sent once typing pauses), and
 * the users they find.
 */
function useUserSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim().slice(0, ADMIN_LIMITS.searchMax);
  const requested = searchParams.get('filter');
  const filter: AdminUserFilter = isFilter(requested) ? requested : 'all';
  const [text, setText] = useState(q);
  const query = useAdminUsers(q, filter);

  const update = (name: 'q' | 'filter', value: string) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (value && value !== 'all') copy.set(name, value);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );

  // The search follows typing once it pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: update only writes the URL
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = setTimeout(() => update('q', next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  // Back and forward change the URL under the box: the box follows (spaces being typed stay).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the URL's search changes
  useEffect(() => {
    if (text.trim() !== q) setText(q);
  }, [q]);

  const clear = () => {
    setText('');
    setSearchParams({}, { replace: true });
  };
  return { query, q, filter, text, setText, update, clear };
}

/** A plain search box: any text is a search, so there is nothing to validate. */
function UserSearchBox({
  text,
  onType,
  onSearch,
}: {
  text: string;
  onType: (text: string) => void;
  onSearch: () => void;
}) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" rather than <search>, which older browsers lack
    <form
      role="search"
      aria-label="Users"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      className="space-y-2"
    >
      <Label htmlFor={`${id}-q`}>Search by name or email</Label>
      <IconInput
        icon={Search}
        boxClassName="max-w-md"
        id={`${id}-q`}
        type="search"
        value={text}
        maxLength={ADMIN_LIMITS.searchMax}
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. ann@example.com"
        onChange={(event) => onType(event.target.value)}
      />
    </form>
  );
}

function UserFilterChips({
  filter,
  onChoose,
}: {
  filter: AdminUserFilter;
  onChoose: (filter: AdminUserFilter) => void;
}) {
  return <FilterChips legend="Filter users" options={USER_FILTERS} value={filter} onChoose={onChoose} />;
}

function NoUsers({ searching, onClear }: { searching: boolean; onClear: () => void }) {
  return (
    <EmptyState
      icon={<UserX aria-hidden="true" />}
      title={searching ? 'No users match' : 'No users yet'}
      text={searching ? 'Try part of a name or email address, or another filter.' : 'Accounts appear here.'}
      action={
        searching ? (
          <Button variant="outline" onClick={onClear}>
            Clear search and filter
          </Button>
        ) : undefined
      }
    />
  );
}

/** 'No accounts', '25 accounts so far' (more to load), '3 accounts matching “ann”'. */
function resultText(count: number, more: boolean, q: string): string {
  const found = count === 0 ? 'No accounts' : `${plural(count, 'account')}${more ? ' so far' : ''}`;
  return q ? `${found} matching “${q}”` : found;
}

function UserRow({ user }: { user: AdminUserSummary }) {
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <Link
          to={`/admin/users/${user.id}`}
          className="font-semibold break-words text-primary hover:underline"
        >
          {user.fullName ?? (user.deletedAt ? 'Deleted user' : user.email)}
        </Link>
        <p className="text-sm break-all text-muted-foreground">{user.email}</p>
        <p className="text-xs text-muted-foreground">
          {USER_TYPE_LABELS[user.userType] ?? user.userType} · joined {formatDate(user.createdAt)}
          {user.lastSignInAt ? ` · last signed in ${formatDate(user.lastSignInAt)}` : ' · never signed in'}
        </p>
      </div>
      <AccountBadges user={user} />
    </li>
  );
}
