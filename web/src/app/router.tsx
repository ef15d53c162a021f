import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

// Every screen is its own chunk (React Router `lazy`), so a visitor downloads only the page they open
// and the landing page stays light. A page module exports its component as `Component`.
const comingSoon = () => import('./pages/coming-soon-page');

/** A screen that a later issue builds: for now the shared, honest "coming soon" panel. */
function planned(path: string, title: string): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, lazy: comingSoon };
}

// The spec's route list (section 2) plus the linked-but-unshown screens.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads; the page appears whole rather than in pieces.
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        handle: {
          title: 'Home',
          documentTitle: 'TradeNest — Find trusted local tradespeople',
        } satisfies RouteHandle,
        lazy: () => import('./pages/landing'),
      },
      planned('auth', 'Log In or Sign Up'),
      planned('home', 'Home'),
      planned('browse-services', 'Browse Services'),
      planned('browse', 'Find Tradespeople'),
      planned('browse-location', 'Browse by Location'),
      planned('post-job', 'Post a Job'),
      planned('booking', 'Book Your Service'),
      planned('booking-milestones/:bookingId', 'Milestone Payments'),
      planned('job/:id', 'Job Details'),
      planned('my-jobs', 'My Jobs'),
      planned('messages', 'Messages'),
      planned('conversation/:id', 'Conversation'),
      planned('profile', 'My Account'),
      planned('my-reviews', 'My Reviews'),
      planned('reviews', 'Reviews'),
      planned('subscriptions', 'Subscriptions'),
      planned('saved-pros', 'Saved Professionals'),
      planned('documents', 'Documents'),
      planned('payment-methods', 'Payment Methods'),
      planned('disputes', 'Disputes'),
      planned('support', 'Support'),
      planned('tradesperson/:id', 'Tradesperson Profile'),
      planned('tradesperson-dashboard', 'Tradesperson Dashboard'),
      planned('tradesperson/setup', 'Business Setup'),
      // Business Setup finishes here; the spec leaves it unresolved, so it joins the dashboard.
      { path: 'tradesperson/dashboard', element: <Navigate to="/tradesperson-dashboard" replace /> },
      planned('tradesperson/calendar', 'Calendar'),
      planned('tradesperson/payments', 'Payments'),
      planned('tradesperson/analytics', 'Analytics'),
      planned('manage-quotes', 'Manage Quotes'),
      planned('edit-tradesperson-profile', 'Edit Profile'),
      planned('admin', 'Admin Dashboard'),
      planned('admin/verifications', 'Verification Queue'),
      planned('admin/disputes', 'Dispute Management'),
      planned('admin/users', 'User Management'),
      planned('admin/payments', 'Payment Management'),
      planned('faq', 'Frequently Asked Questions'),
      planned('chat-support', 'Chat Support'),
      planned('safety', 'Safety'),
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
  },
];

export const router = createBrowserRouter(routes);
