import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

// Section 2 of the spec, plus the links whose screens it does not show.
const SPEC_PATHS = [
  '/',
  '/auth',
  '/home',
  '/browse-services',
  '/browse',
  '/browse-location',
  '/post-job',
  '/booking',
  '/booking-milestones/b1',
  '/booking-changes/b1',
  '/job/j1',
  '/my-jobs',
  '/messages',
  '/conversation/c1',
  '/profile',
  '/my-reviews',
  '/reviews',
  '/subscriptions',
  '/saved-pros',
  '/documents',
  '/payment-methods',
  '/disputes',
  '/disputes/d1',
  '/support',
  '/tradesperson/t1',
  '/tradesperson-dashboard',
  '/tradesperson/setup',
  '/tradesperson/dashboard',
  '/tradesperson/calendar',
  '/tradesperson/payments',
  '/tradesperson/analytics',
  '/manage-quotes',
  '/edit-tradesperson-profile',
  '/admin',
  '/admin/verifications',
  '/terms',
  '/privacy',
  '/admin/disputes',
  '/admin/users',
  '/admin/payments',
  '/admin/reviews',
  '/admin/support',
  '/admin/support/s1',
  '/faq',
  '/chat-support',
  '/safety',
];

function leafPath(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  return leaf?.index ? '/' : leaf?.path;
}

describe('the route table', () => {
  it.each(SPEC_PATHS)('registers %s', (pathname) => {
    expect(leafPath(pathname)).not.toBe('*');
    expect(leafPath(pathname)).toBeDefined();
  });

  it('sends any other path to the 404 page', () => {
    expect(leafPath('/no/such/page')).toBe('*');
  });

  it.each([
    '/sandbox/checkout/cs_sandbox_1',
    '/sandbox/checkout/cs_sandbox_1/authenticate',
    '/sandbox/onboarding/link_1',
    '/sandbox/authenticate/seti_sandbox_1',
  ])('serves the sandbox page %s outside the app layout and its sign-in', (pathname) => {
    const matches = matchRoutes(routes, pathname) ?? [];
    expect(matches.map((m) => m.route.path)).toEqual(['/sandbox/*']);
  });

  it('resolves /tradesperson/setup to Business Setup, not to a tradesperson called "setup"', () => {
    expect(leafPath('/tradesperson/setup')).toBe('tradesperson/setup');
  });
});
