import { describe, expect, it } from 'vitest';
import { sharedPing } from './health.routes';

/** A ping the test settles by hand, counting how often the database was asked. */
function controlledPing() {
  const pending: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const ping = () =>
    new Promise<void>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { ping, pending };
}

describe('sharedPing', () => {
  it('asks the database once for probes that arrive while a ping is on its way', async () => {
    const { ping, pending } = controlledPing();
    const probe = sharedPing(ping);
    const answers = Promise.all([probe(), probe(), probe()]);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve();
    await expect(answers).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('asks again for a probe that comes after the ping ended, so a recovered or lost database shows', async () => {
    const { ping, pending } = controlledPing();
    const probe = sharedPing(ping);
    const first = probe();
    pending[0]!.reject(new Error('connection refused'));
    await expect(first).rejects.toThrow('connection refused');
    const second = probe();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve();
    await expect(second).resolves.toBeUndefined();
  });

  it('gives every waiting probe the failure of the ping they shared', async () => {
    const { ping, pending } = controlledPing();
    const probe = sharedPing(ping);
    const answers = [probe(), probe()];
    pending[0]!.reject(new Error('timeout'));
    for (const answer of answers) await expect(answer).rejects.toThrow('timeout');
    expect(pending).toHaveLength(1);
  });
});
