import { useEffect } from 'react';
import { documentTitleFor, useRouteHandle } from '../route-handle';

/** Names the page in the tab and the history list from the matched route's handle. */
export function useDocumentTitle(userType: string | null): void {
  const handle = useRouteHandle();
  useEffect(() => {
    document.title = documentTitleFor(handle, userType);
  }, [handle, userType]);
}
