import { Navigate, type NonIndexRouteObject, type RouteObject } from 'react-router';
import {
  RedirectSignedIn,
  RedirectTradesperson,
  RequireAdmin,
  RequireSignedIn,
} from '@/features/accounts/guards';
import { withRetriedLazies } from './navigation/chunk-load';
import { PageFrame } from './navigation/page-frame';
import { RootLayout } from './root-layout';
import { AppError, RouteError } from './route-error';
import type { LayoutHandle, RouteHandle } from './route-handle';

// Every screen is its own chunk (React Router `lazy`), so a visitor downloads only the page they open
// and the landing page stays light. A page module exports its component as `Component`.

type Lazy = NonIndexRouteObject['lazy'];

/**
 * A screen at `path`, named by `handle` (its title alone, or the whole RouteHandle). `lazy` stays an
 * `import()` written at each call, so the bundler still makes every page its own chunk.
 */
function screen(path: string, handle: string | RouteHandle, lazy: Lazy): RouteObject {
  return { path, handle: typeof handle === 'string' ? { title: handle } : handle, lazy };
}

// The sandbox payment provider's hosted pages (docs/api/payments.md): public, outside the app's
// layout and session. One entry and one chunk for all of them (app/sandbox.tsx).
const sandboxRoutes: RouteObject = {
  path: '/sandbox/*',
  lazy: () => import('./sandbox'),
  errorElement: <AppError />,
  HydrateFallback: () => null,
};

/**
 * The layout's screens go under one frame route (page-frame.tsx: the page's title and focus) whose
 * errorElement is the route error: a failing screen shows it in its own place, with the header and
 * navigation still there to go elsewhere.
 */
function framed(layout: NonIndexRouteObject): NonIndexRouteObject {
  return {
    ...layout,
    children: [{ element: <PageFrame />, errorElement: <RouteError />, children: layout.children }],
  };
}

// The spec's route list (section 2) plus the linked-but-unshown screens.
const table: RouteObject[] = [
  sandboxRoutes,
  framed({
    path: '/',
    element: <RootLayout />,
    // Only when the layout itself fails: a screen's failure stays inside it (see framed).
    errorElement: <AppError />,
    // Shown while the first page's chunk loads; the page appears whole rather than in pieces.
    HydrateFallback: () => null,
    children: [
      // Spec section 4: signed-in users on / or /auth go to /home.
      {
        element: <RedirectSignedIn />,
        children: [
          {
            index: true,
            handle: {
              title: 'Home',
              documentTitle: 'TradeNest — Find trusted local tradespeople',
            } satisfies RouteHandle,
            lazy: () => import('./pages/landing'),
          },
          screen('auth', 'Log In or Sign Up', () => import('./pages/auth')),
        ],
      },
      // The route table's "Requires sign-in, otherwise goes to /". Signed-in screens (this group, the
      // next and the admin pages) use the app layout: the app's navigation, no marketing footer.
      {
        element: <RequireSignedIn to="/" />,
        handle: { layout: 'app' } satisfies LayoutHandle,
        children: [
          {
            element: <RedirectTradesperson />,
            children: [screen('home', 'Home', () => import('./pages/home'))],
          },
          screen(
            'tradesperson-dashboard',
            'Tradesperson Dashboard',
            () => import('./pages/tradesperson-dashboard'),
          ),
          screen('manage-quotes', 'Manage Quotes', () => import('./pages/manage-quotes')),
          screen(
            'edit-tradesperson-profile',
            'Edit Profile',
            () => import('./pages/edit-tradesperson-profile'),
          ),
        ],
      },
      // Every other signed-in screen sends a signed-out visitor to /auth, as /post-job does in the table.
      {
        element: <RequireSignedIn to="/auth" />,
        handle: { layout: 'app' } satisfies LayoutHandle,
        children: [
          screen('post-job', 'Post a Job', () => import('./pages/post-job')),
          screen('booking', 'Book Your Service', () => import('./pages/booking')),
          screen(
            'booking-milestones/:bookingId',
            'Milestone Payments',
            () => import('./pages/booking-milestones'),
          ),
          screen(
            'booking-changes/:bookingId',
            'Changes and Payments',
            () => import('./pages/booking-changes'),
          ),
          screen(
            'my-jobs',
            { title: 'My Jobs', tradespersonTitle: 'My Bookings' },
            () => import('./pages/my-jobs'),
          ),
          screen('job/:id', 'Job Details', () => import('./pages/job-detail')),
          screen('job/:id/compare', 'Compare Quotes', () => import('./pages/compare-quotes')),
          screen('messages', 'Messages', () => import('./pages/messages')),
          screen('notifications', 'Notifications', () => import('./pages/notifications')),
          screen(
            'conversation/:id',
            { title: 'Conversation', fillsScreen: true },
            () => import('./pages/conversation'),
          ),
          screen('profile', 'My Account', () => import('./pages/profile')),
          screen('my-reviews', 'My Reviews', () => import('./pages/my-reviews')),
          screen('subscriptions', 'Subscriptions', () => import('./pages/subscriptions')),
          screen('saved-pros', 'Saved Professionals', () => import('./pages/saved-pros')),
          screen('documents', 'Documents', () => import('./pages/documents')),
          screen('payment-methods', 'Payment Methods', () => import('./pages/payment-methods')),
          screen('disputes', 'Disputes', () => import('./pages/disputes')),
          screen('disputes/:id', 'Dispute', () => import('./pages/dispute')),
          screen('tradesperson/setup', 'Business Setup', () => import('./pages/tradesperson-setup')),
          screen('tradesperson/calendar', 'Calendar', () => import('./pages/tradesperson-calendar')),
          screen('tradesperson/payments', 'Payments', () => import('./pages/tradesperson-payments')),
          screen('tradesperson/analytics', 'Analytics', () => import('./pages/tradesperson-analytics')),
        ],
      },
      // Non-admins, signed out included, are sent to / from every admin page. The console's pages share
      // a frame with its own navigation (a lazy layout route); all of it is in admin-only chunks.
      {
        element: <RequireAdmin />,
        handle: { layout: 'app' } satisfies LayoutHandle,
        children: [
          {
            lazy: () => import('./pages/admin-layout'),
            children: [
              screen('admin', 'Admin Dashboard', () => import('./pages/admin-dashboard')),
              screen(
                'admin/verifications',
                'Verification Queue',
                () => import('./pages/admin-verifications'),
              ),
              screen('admin/users', 'User Management', () => import('./pages/admin-users')),
              screen('admin/users/:id', 'User Details', () => import('./pages/admin-user')),
              screen('admin/payments', 'Payment Management', () => import('./pages/admin-payments')),
              screen('admin/reviews', 'Reported Reviews', () => import('./pages/admin-reviews')),
              screen('admin/disputes', 'Dispute Management', () => import('./pages/admin-disputes')),
              screen('admin/disputes/:id', 'Dispute Details', () => import('./pages/admin-disputes-detail')),
              screen('admin/support', 'Support Inbox', () => import('./pages/admin-support')),
              screen(
                'admin/support/:id',
                'Support Conversation',
                () => import('./pages/admin-support-conversation'),
              ),
            ],
          },
          screen('admin/*', 'Page not found', () => import('./pages/not-found')),
        ],
      },
      // Public screens.
      screen('browse-services', 'Browse Services', () => import('./pages/browse-services')),
      screen(
        'browse',
        { title: 'Find Tradespeople', tradespersonTitle: 'Find Jobs', layout: 'app-when-signed-in' },
        () => import('./pages/browse'),
      ),
      screen('browse-location', 'Browse by Location', () => import('./pages/browse-location')),
      screen('reviews', 'Reviews', () => import('./pages/reviews')),
      screen('support', 'Support', () => import('./pages/support')),
      screen('tradesperson/:id', 'Tradesperson Profile', () => import('./pages/public-tradesperson-profile')),
      // Business Setup finishes here; the spec leaves it unresolved, so it joins the dashboard.
      { path: 'tradesperson/dashboard', element: <Navigate to="/tradesperson-dashboard" replace /> },
      screen('faq', 'Frequently Asked Questions', () => import('./pages/faq')),
      screen('chat-support', 'Chat Support', () => import('./pages/chat-support')),
      screen('safety', 'Safety', () => import('./pages/safety')),
      // Opened from an email's link, signed in or not.
      screen('unsubscribe', 'Unsubscribe', () => import('./pages/unsubscribe')),
      screen('terms', 'Terms of Service', () => import('./pages/terms')),
      screen('privacy', 'Privacy Policy', () => import('./pages/privacy')),
      screen('*', 'Page not found', () => import('./pages/not-found')),
    ],
  }),
];

// A screen's code that fails to download is asked for once more before the route error takes over.
export const routes = withRetriedLazies(table);
