import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './seed/seed';
import { startBanner } from './server';

describe('the start-up banner', () => {
  it('puts the address and the demo accounts on their own readable lines', () => {
    const text = startBanner('http://localhost:3000', DEMO_ACCOUNTS, true);
    const lines = text.split('\n');
    expect(lines).toContain('  TradeNest is ready at http://localhost:3000');
    expect(lines).toContain('  Demo accounts (password: tradenest-demo)');
    for (const account of DEMO_ACCOUNTS) {
      expect(lines.some((l) => l.trim().endsWith(account.email))).toBe(true);
    }
    expect(text).toContain('http://localhost:3000/dev/outbox');
    expect(text).not.toContain('{');
  });

  it('leaves out what does not apply', () => {
    const text = startBanner('http://localhost:3000', [], false);
    expect(text).not.toContain('Demo accounts');
    expect(text).not.toContain('/dev/outbox');
  });
});
