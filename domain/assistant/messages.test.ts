import { describe, expect, it } from 'vitest';
import { ASSISTANT_LIMITS, ASSISTANT_TEXTS, contextOfPath, ENHANCE_TEXTS } from './messages';

describe("the assistant's words, as the spec has them", () => {
  it('are written out exactly', () => {
    expect(ASSISTANT_TEXTS.title).toBe('AI Assistant');
    expect(ASSISTANT_TEXTS.greeting('TradeNest')).toBe(
      "Hi! I'm here to help you navigate TradeNest. What can I help you with?",
    );
    expect(ASSISTANT_TEXTS.placeholder).toBe('Ask me anything...');
    expect(ASSISTANT_TEXTS.error).toBe('Sorry, I encountered an error. Please try again.');
    expect(ASSISTANT_TEXTS.noMessage).toBe("I'm sorry, I couldn't process that request.");
    expect(ENHANCE_TEXTS).toEqual({
      action: 'Enhance with AI',
      useThis: 'Use This',
      keepOriginal: 'Keep Original',
      applied: 'Applied!',
      tooShortTitle: 'Description too short',
      tooShortBody: 'Please write at least 20 characters',
      failure: 'AI Error: Failed to enhance description. Please try again.',
    });
    expect([
      ASSISTANT_LIMITS.panelWidthPx,
      ASSISTANT_LIMITS.panelHeightPx,
      ASSISTANT_LIMITS.enhanceMin,
    ]).toEqual([340, 500, 20]);
  });
});

describe('the context of a path (spec section 7)', () => {
  it.each([
    ['/post-job', 'posting a job'],
    ['/job/0b7c6a52-3d1e-4f8a-9c2b-5e6f7a8b9c0d', 'viewing job details'],
    ['/tradesperson-dashboard', 'tradesperson dashboard'],
    ['/tradesperson/dashboard', 'tradesperson dashboard'],
    ['/manage-quotes', 'managing quotes'],
    ['/browse', 'browsing'],
    ['/browse-services', 'browsing'],
    ['/tradesperson/0b7c6a52-3d1e-4f8a-9c2b-5e6f7a8b9c0d', 'browsing'],
    ['/tradesperson/payments', 'general'],
    ['/messages', 'general'],
  ])('%s is %s', (path, context) => {
    expect(contextOfPath(path)).toBe(context);
  });
});
