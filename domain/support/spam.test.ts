import { describe, expect, it } from 'vitest';
import { spamReason } from './spam';

describe("the guest form's spam rules", () => {
  it.each([
    "Hi, I paid for a boiler service last week and the engineer never came. Can someone call me? I'm on 07700 900123.",
    'My quote link is https://tradenest.example/job/123, why can I not accept it?',
    'Two pictures: https://example.com/a.jpg and https://example.com/b.jpg — the crack is bigger now!!',
    'I forgot my password and the reset email never arrives... help please???',
    'Is there a fee for customers? I want to post a job for a new kitchen.',
  ])('lets a real question through: %s', (message) => {
    expect(spamReason(message)).toBeNull();
  });

  it('refuses more than two links', () => {
    expect(spamReason('see http://a.example http://b.example www.c.example')).toBe('links');
  });

  it('refuses a message that is only a link', () => {
    expect(spamReason('https://spam.example/offer')).toBe('link-only');
    expect(spamReason('  www.spam.example !! ')).toBe('link-only');
  });

  it('refuses a long run of one character, but not a short one', () => {
    expect(spamReason('aaaaaaaaaaaaaaaaaaaa')).toBe('repeated');
    expect(spamReason('Help!!!!!!!!!!!!!!!!')).toBe('repeated');
    expect(spamReason('Help!!! Now please!!!')).toBeNull();
  });

  it('refuses the phrases of bulk spam, whatever their case or spacing', () => {
    expect(spamReason('We sell BACKLINKS and SEO   services for your site')).toBe('phrase');
    expect(spamReason('Click here to claim your prize')).toBe('phrase');
  });
});
