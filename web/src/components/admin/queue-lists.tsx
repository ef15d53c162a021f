import { type ReactNode, useRef } from 'react';

/**
 * What waits in an admin queue (documents, reported reviews): a summary read out as it changes, then
 * the items, or `empty` when there are none. A decided item leaves the list, so focus goes to the one
 * that takes its place (or the summary), not to the top of the page.
 */
export function WaitingItems<T extends { id: string }>({
  items,
  summary,
  label,
  empty,
  renderItem,
}: {
  items: readonly T[];
  summary: string;
  /** The list's accessible name. */
  label: string;
  empty: ReactNode;
  /** The item's card; it calls `onDecided` once the admin's decision is saved. */
  renderItem: (item: T, onDecided: (decided: T) => void) => ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const moveFocusOn = (decided: T) => {
    const index = items.findIndex((item) => item.id === decided.id);
    requestAnimationFrame(() => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-queue-item]');
      const next = rows && rows.length > 0 ? rows[Math.min(Math.max(index, 0), rows.length - 1)] : null;
      (next ?? summaryRef.current)?.focus();
    });
  };

  return (
    <div className="space-y-4">
      <p
        ref={summaryRef}
        tabIndex={-1}
        role="status"
        className="text-sm text-muted-foreground focus:outline-none"
      >
        {summary}
      </p>
      {items.length === 0 ? (
        empty
      ) : (
        <ul ref={listRef} aria-label={label} className="space-y-4">
          {items.map((item) => (
            <li
              key={item.id}
              data-queue-item
              tabIndex={-1}
              className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {renderItem(item, moveFocusOn)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The latest decisions of an admin queue, newest first, or `empty` when there are none yet. */
export function DecidedItems<T extends { id: string }>({
  items,
  label,
  empty,
  renderItem,
}: {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
}) {
  if (items.length === 0) return empty;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">The latest decisions, newest first.</p>
      <ul aria-label={label} className="space-y-4">
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
    </div>
  );
}
