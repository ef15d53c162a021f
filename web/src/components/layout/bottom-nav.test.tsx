// @vitest-environment happy-dom
import type { UserType } from '@domain/catalog/catalog';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BottomNav } from './bottom-nav';

afterEach(cleanup);

function renderAt(path: string, userType: UserType, unread?: number) {
  const router = createMemoryRouter(
    [{ path: '*', element: <BottomNav userType={userType} unread={unread} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation'));
}

function itemsOf(nav: ReturnType<typeof renderAt>) {
  return nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('BottomNav', () => {
  it('shows the customer items in the spec’s order', () => {
    const nav = renderAt('/home', 'customer');
    expect(itemsOf(nav)).toEqual([
      ['Home', '/home'],
      ['Browse', '/browse'],
      ['Jobs', '/my-jobs'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ]);
  });

  it('shows the tradesperson items in the spec’s order', () => {
    const nav = renderAt('/tradesperson-dashboard', 'tradesperson');
    expect(itemsOf(nav)).toEqual([
      ['Dashboard', '/tradesperson-dashboard'],
      ['Jobs', '/browse'],
      ['Quotes', '/manage-quotes'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ]);
  });

  it('marks only the current screen’s item with aria-current="page"', () => {
    const nav = renderAt('/manage-quotes', 'tradesperson');
    const current = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Quotes']);
  });

  it('marks the customer’s Jobs item on /my-jobs', () => {
    const nav = renderAt('/my-jobs', 'customer');
    expect(nav.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it.each(['customer', 'tradesperson'] as const)(
    'shows the %s the unread messages on Messages, in the link’s name too',
    (userType) => {
      const nav = renderAt('/profile', userType, 3);
      const messages = nav.getByRole('link', { name: 'Messages, 3 unread' });
      expect(messages.getAttribute('href')).toBe('/messages');
      expect(within(messages).getByText('3').getAttribute('aria-hidden')).toBe('true');
      expect(nav.getAllByText('3')).toHaveLength(1);
    },
  );

  it('caps the badge at 99+', () => {
    const nav = renderAt('/home', 'customer', 150);
    const messages = nav.getByRole('link', { name: 'Messages, 150 unread' });
    expect(within(messages).getByText('99+')).toBeTruthy();
  });

  it('keeps a last place for the assistant’s button when asked, after the five items', () => {
    let slot: HTMLLIElement | null = null;
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <BottomNav
              userType="customer"
              assistantSlot={(element) => {
                slot = element;
              }}
            />
          ),
        },
      ],
      { initialEntries: ['/home'] },
    );
    render(<RouterProvider router={router} />);
    const items = within(screen.getByRole('navigation')).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(slot).toBe(items[5]);
    expect(itemsOf(within(screen.getByRole('navigation')))).toHaveLength(5);
  });

  it('shows no badge when nothing is unread', () => {
    const nav = renderAt('/home', 'customer', 0);
    expect(nav.getByRole('link', { name: 'Messages' }).textContent).toBe('Messages');
  });
});
