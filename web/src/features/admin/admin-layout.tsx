import { Outlet } from 'react-router';
import { AdminNav } from './admin-nav';

/**
 * The frame of every admin page: the console's own navigation above the page. The pages below bring
 * their own h1; the frame keeps the same width and padding for all of them, so moving between them
 * moves nothing.
 */
export function AdminLayout() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-10 sm:pt-6">
      <AdminNav />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
