// @vitest-environment happy-dom
import { HELP_ARTICLES, type HelpPage } from '@domain/help/content';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { HelpText } from './help-text';

afterEach(resetBetweenTests);

function renderText(paragraphs: string[], at = '/faq') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <div data-testid="text">
        <HelpText paragraphs={paragraphs} />
      </div>
    </MemoryRouter>,
  ).getByTestId('text');
}

describe('HelpText', () => {
  it('makes paragraphs, and lists of consecutive items', () => {
    const text = renderText(['First.', '- one', '- two', 'Then:', '1. a', '2. b', 'Last.']);
    expect([...text.children].map((child) => child.tagName)).toEqual(['P', 'UL', 'P', 'OL', 'P']);
    expect([...text.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...text.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['a', 'b']);
  });

  it('links to app screens, to anchors on this page, to phone numbers and to https sites', () => {
    const text = renderText([
      'See [Safety](/safety), [Disputes](/faq#disputes), [contact us](/support#contact), [call](tel:+448001119999) or [Citizens Advice](https://www.citizensadvice.org.uk/).',
    ]);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Safety')).toBe('/safety');
    // On the FAQ itself, its own anchor stays an in-page link.
    expect(href('Disputes')).toBe('#disputes');
    expect(href('contact us')).toBe('/support#contact');
    expect(href('call')).toBe('tel:+448001119999');
    expect(href('Citizens Advice')).toBe('https://www.citizensadvice.org.uk/');
    expect(screen.getByRole('link', { name: 'Citizens Advice' }).getAttribute('rel')).toBe('noreferrer');
    expect(text.textContent).toBe('See Safety, Disputes, contact us, call or Citizens Advice.');
  });

  it('keeps anything else as text, markup included', () => {
    const text = renderText(['A [script](javascript:alert(1)) and <b>bold</b> & [broken link.']);
    expect(text.querySelector('a, b')).toBeNull();
    expect(text.textContent).toBe('A script) and <b>bold</b> & [broken link.');
  });
});

describe('the help pages', () => {
  it.each<HelpPage>(['faq', 'safety', 'support'])('show every %s article at its anchor', async (page) => {
    mockApi(sessionHandler(null));
    renderApp(`/${page}`);
    await screen.findByRole('heading', { level: 1 });
    for (const article of HELP_ARTICLES.filter((a) => a.page === page)) {
      const anchor = document.getElementById(article.id);
      expect(anchor, article.path).not.toBeNull();
      expect(anchor!.textContent, article.path).toContain(article.title);
    }
  });
});
