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
const comingSoon = () => import('./pages/coming-soon-page');

/** A screen that a later issue builds: for now the shared, honest "coming soon" panel. */
function planned(path: string, title: string): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, lazy: comingSoon };
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
          {
            path: 'auth',
            handle: { title: 'Log In or Sign Up' } satisfies RouteHandle,
            lazy: () => import('./pages/auth'),
          },
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
            children: [
              {
                path: 'home',
                handle: { title: 'Home' } satisfies RouteHandle,
                lazy: () => import('./pages/home'),
              },
            ],
          },
          {
            path: 'tradesperson-dashboard',
            handle: { title: 'Tradesperson Dashboard' } satisfies RouteHandle,
            lazy: () => import('./pages/tradesperson-dashboard'),
          },
          {
            path: 'manage-quotes',
            handle: { title: 'Manage Quotes' } satisfies RouteHandle,
            lazy: () => import('./pages/manage-quotes'),
          },
          {
            path: 'edit-tradesperson-profile',
            handle: { title: 'Edit Profile' } satisfies RouteHandle,
            lazy: () => import('./pages/edit-tradesperson-profile'),
          },
        ],
      },
      // Every other signed-in screen sends a signed-out visitor to /auth, as /post-job does in the table.
      {
        element: <RequireSignedIn to="/auth" />,
        handle: { layout: 'app' } satisfies LayoutHandle,
        children: [
          {
            path: 'post-job',
            handle: { title: 'Post a Job' } satisfies RouteHandle,
            lazy: () => import('./pages/post-job'),
          },
          {
            path: 'booking',
            handle: { title: 'Book Your Service' } satisfies RouteHandle,
            lazy: () => import('./pages/booking'),
          },
          {
            path: 'booking-milestones/:bookingId',
            handle: { title: 'Milestone Payments' } satisfies RouteHandle,
            lazy: () => import('./pages/booking-milestones'),
          },
          {
            path: 'my-jobs',
            handle: { title: 'My Jobs', tradespersonTitle: 'My Bookings' } satisfies RouteHandle,
            lazy: () => import('./pages/my-jobs'),
          },
          {
            path: 'job/:id',
            handle: { title: 'Job Details' } satisfies RouteHandle,
            lazy: () => import('./pages/job-detail'),
          },
          {
            path: 'messages',
            handle: { title: 'Messages' } satisfies RouteHandle,
            lazy: () => import('./pages/messages'),
          },
          {
            path: 'notifications',
            handle: { title: 'Notifications' } satisfies RouteHandle,
            lazy: () => import('./pages/notifications'),
          },
          {
            path: 'conversation/:id',
            handle: { title: 'Conversation', fillsScreen: true } satisfies RouteHandle,
            lazy: () => import('./pages/conversation'),
          },
          {
            path: 'profile',
            handle: { title: 'My Account' } satisfies RouteHandle,
            lazy: () => import('./pages/profile'),
          },
          {
            path: 'my-reviews',
            handle: { title: 'My Reviews' } satisfies RouteHandle,
            lazy: () => import('./pages/my-reviews'),
          },
          planned('subscriptions', 'Subscriptions'),
          {
            path: 'saved-pros',
            handle: { title: 'Saved Professionals' } satisfies RouteHandle,
            lazy: () => import('./pages/saved-pros'),
          },
          {
            path: 'documents',
            handle: { title: 'Documents' } satisfies RouteHandle,
            lazy: () => import('./pages/documents'),
          },
          {
            path: 'payment-methods',
            handle: { title: 'Payment Methods' } satisfies RouteHandle,
            lazy: () => import('./pages/payment-methods'),
          },
          {
            path: 'disputes',
            handle: { title: 'Disputes' } satisfies RouteHandle,
            lazy: () => import('./pages/disputes'),
          },
          {
            path: 'disputes/:id',
            handle: { title: 'Dispute' } satisfies RouteHandle,
            lazy: () => import('./pages/dispute'),
          },
          {
            path: 'tradesperson/setup',
            handle: { title: 'Business Setup' } satisfies RouteHandle,
            lazy: () => import('./pages/tradesperson-setup'),
          },
          planned('tradesperson/calendar', 'Calendar'),
          {
            path: 'tradesperson/payments',
            handle: { title: 'Payments' } satisfies RouteHandle,
            lazy: () => import('./pages/tradesperson-payments'),
          },
          planned('tradesperson/analytics', 'Analytics'),
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
              {
                path: 'admin',
                handle: { title: 'Admin Dashboard' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-dashboard'),
              },
              {
                path: 'admin/verifications',
                handle: { title: 'Verification Queue' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-verifications'),
              },
              {
                path: 'admin/users',
                handle: { title: 'User Management' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-users'),
              },
              {
                path: 'admin/users/:id',
                handle: { title: 'User Details' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-user'),
              },
              {
                path: 'admin/payments',
                handle: { title: 'Payment Management' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-payments'),
              },
              {
                path: 'admin/reviews',
                handle: { title: 'Reported Reviews' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-reviews'),
              },
              {
                path: 'admin/disputes',
                handle: { title: 'Dispute Management' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-disputes'),
              },
              {
                path: 'admin/disputes/:id',
                handle: { title: 'Dispute Details' } satisfies RouteHandle,
                lazy: () => import('./pages/admin-disputes-detail'),
              },
            ],
          },
          {
            path: 'admin/*',
            handle: { title: 'Page not found' } satisfies RouteHandle,
            lazy: () => import('./pages/not-found'),
          },
        ],
      },
      // Public screens.
      {
        path: 'browse-services',
        handle: { title: 'Browse Services' } satisfies RouteHandle,
        lazy: () => import('./pages/browse-services'),
      },
      {
        path: 'browse',
        handle: {
          title: 'Find Tradespeople',
          tradespersonTitle: 'Find Jobs',
          layout: 'app-when-signed-in',
        } satisfies RouteHandle,
        lazy: () => import('./pages/browse'),
      },
      {
        path: 'browse-location',
        handle: { title: 'Browse by Location' } satisfies RouteHandle,
        lazy: () => import('./pages/browse-location'),
      },
      {
        path: 'reviews',
        handle: { title: 'Reviews' } satisfies RouteHandle,
        lazy: () => import('./pages/reviews'),
      },
      {
        path: 'support',
        handle: { title: 'Support' } satisfies RouteHandle,
        lazy: () => import('./pages/support'),
      },
      {
        path: 'tradesperson/:id',
        handle: { title: 'Tradesperson Profile' } satisfies RouteHandle,
        lazy: () => import('./pages/public-tradesperson-profile'),
      },
      // Business Setup finishes here; the spec leaves it unresolved, so it joins the dashboard.
      { path: 'tradesperson/dashboard', element: <Navigate to="/tradesperson-dashboard" replace /> },
      {
        path: 'faq',
        handle: { title: 'Frequently Asked Questions' } satisfies RouteHandle,
        lazy: () => import('./pages/faq'),
      },
      planned('chat-support', 'Chat Support'),
      {
        path: 'safety',
        handle: { title: 'Safety' } satisfies RouteHandle,
        lazy: () => import('./pages/safety'),
      },
      // Opened from an email's link, signed in or not.
      {
        path: 'unsubscribe',
        handle: { title: 'Unsubscribe' } satisfies RouteHandle,
        lazy: () => import('./pages/unsubscribe'),
      },
      {
        path: 'terms',
        handle: { title: 'Terms of Service' } satisfies RouteHandle,
        lazy: () => import('./pages/terms'),
      },
      {
        path: 'privacy',
        handle: { title: 'Privacy Policy' } satisfies RouteHandle,
        lazy: () => import('./pages/privacy'),
      },
      {
        path: '*',
        handle: { title: 'Page not found' } satisfies RouteHandle,
        lazy: () => import('./pages/not-found'),
      },
    ],
  }),
];

// A screen's code that fails to download is asked for once more before the route error takes over.
export const routes = withRetriedLazies(table);
