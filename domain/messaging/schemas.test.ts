import { describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES, MessageContent } from './schemas';

describe('message content', () => {
  it('is trimmed', () => {
    expect(MessageContent.parse('  Hello there \n')).toBe('Hello there');
  });

  it.each(['', '   ', '\n\t '])('refuses blank text %j', (text) => {
    const result = MessageContent.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGING_MESSAGES.empty);
  });

  it('takes 5,000 characters and refuses 5,001, counted after trimming', () => {
    expect(MessageContent.safeParse(`  ${'a'.repeat(5000)}  `).success).toBe(true);
    const tooLong = MessageContent.safeParse('a'.repeat(5001));
    expect(tooLong.error?.issues[0]?.message).toBe('Messages can be at most 5,000 characters');
  });
});
