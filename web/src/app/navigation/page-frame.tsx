import { Outlet } from 'react-router';
import { useFramedUserType } from '../root-layout';
import { useDocumentTitle } from './document-title';
import { usePageFocus } from './page-focus';

/**
 * The element of the route that holds every screen of the layout (its errorElement, the route error,
 * takes its place when a screen fails): names the page and moves focus to it on each move.
 */
export function PageFrame() {
  useDocumentTitle(useFramedUserType());
  usePageFocus();
  return <Outlet />;
}
