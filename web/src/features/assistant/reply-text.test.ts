import { describe, expect, it } from 'vitest';
import { replyParts } from './reply-text';

describe('replyParts', () => {
  it('turns [label](/path) into links to the app’s screens', () => {
    expect(replyParts('Go to [Post a Job](/post-job) or [My Jobs](/my-jobs?tab=open).')).toEqual([
      'Go to ',
      { label: 'Post a Job', path: '/post-job' },
      ' or ',
      { label: 'My Jobs', path: '/my-jobs?tab=open' },
      '.',
    ]);
  });

  it('leaves everything else as text: other sites, protocol-relative and backslash paths, HTML', () => {
    for (const text of [
      '[x](https://evil.example)',
      '[x](//evil.example)',
      '[x](/\\evil.example)',
      '[x](javascript:alert(1))',
      '<a href="/post-job">x</a>',
      '[unfinished](/post-',
    ]) {
      expect(replyParts(text)).toEqual([text]);
    }
  });

  it('keeps an empty text empty', () => {
    expect(replyParts('')).toEqual([]);
  });
});
