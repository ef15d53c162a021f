import { useSearchParams } from 'react-router';

/**
 * A screen's tab kept in the address (?tab=), so a link or a notification can open it; the first tab
 * is the address without it, and an unknown one falls back to the first. Choosing a tab replaces the
 * history entry rather than adding one.
 */
export function useTabParam<T extends string>(
  isTab: (value: string | null) => value is T,
  first: T,
  options: { preventScrollReset?: boolean } = {},
): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isTab(requested) ? requested : first;
  const setTab = (next: string) =>
    setParams(next === first ? {} : { tab: next }, { replace: true, ...options });
  return [tab, setTab];
}
