import type { NavigateFunction } from 'react-router';
import { leaveTo } from '@/lib/leave-app';

/**
 * Follows an address the sandbox answered with: another sandbox page of this app in place (the
 * challenge), anything else (the return to TradeNest) as a full page load, as a provider's page would.
 */
export function followRedirect(url: string, navigate: NavigateFunction): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin && target.pathname.startsWith('/sandbox/')) {
    void navigate(`${target.pathname}${target.search}`);
    return;
  }
  leaveTo(target.href);
}
