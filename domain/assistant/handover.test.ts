import { describe, expect, it } from 'vitest';
import { asksForHuman, couldNotHelp, offersHandover } from './handover';

describe("the assistant's hand-over to support", () => {
  it.each([
    'Can I speak to a human?',
    'I want to talk to someone please',
    'get me an agent',
    'I need a real person',
    'How do I contact support?',
    'I want to make a complaint about a tradesperson',
    'is there a support team I can chat with',
    'customer service please',
  ])('hears a request for a human: %s', (message) => {
    expect(asksForHuman(message)).toBe(true);
  });

  it.each([
    'How do I post a job?',
    'When is my money released?',
    'What are my open jobs?',
    'How much does it cost to hire a plumber?',
  ])('does not hear one in an ordinary question: %s', (message) => {
    expect(asksForHuman(message)).toBe(false);
  });

  it("recognises the assistant's replies that could not help", () => {
    expect(couldNotHelp("I'm not sure I can answer that. I can explain how TradeNest works.")).toBe(true);
    expect(
      couldNotHelp("I can't cancel a booking for you: I can explain and point you to the right place."),
    ).toBe(true);
    expect(couldNotHelp("I'm sorry, I couldn't process that request.")).toBe(true);
    expect(couldNotHelp('I cannot help with that, but Support can.')).toBe(true);
    expect(couldNotHelp('')).toBe(true);
    expect(couldNotHelp('To post a job, open [Post a Job](/post-job).')).toBe(false);
  });

  it('offers the hand-over for either reason, and not for an answered question', () => {
    expect(offersHandover('talk to a person', 'Post a job from [Post a Job](/post-job).')).toBe(true);
    expect(offersHandover('what is the weather', "I'm not sure I can answer that.")).toBe(true);
    expect(offersHandover('How do I post a job?', 'Open [Post a Job](/post-job).')).toBe(false);
  });
});
