import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { afterEach, expect, test, vi } from 'vitest';
import {
  releaseStartupMemory,
  releaseStartupMemoryWhenIdle,
  trimNativeHeapEvery,
} from './release-startup-memory';

const youngGeneration = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!;

test('gives back the young generation that a burst of allocation grew', () => {
  // Survivors make V8 grow the young generation, as loading the server's modules does.
  const kept: unknown[] = [];
  for (let i = 0; i < 400_000; i++) kept.push({ i, text: `row ${i}` });
  const grown = youngGeneration().space_size;
  kept.length = 0;

  releaseStartupMemory();

  expect(youngGeneration().space_size).toBeLessThanOrEqual(grown);
  expect(youngGeneration().space_size).toBeLessThan(16 * 1024 * 1024);
});

// In a process of its own: resident memory is the whole process's, and the test runner's other work
// would move it.
test.runIf(process.platform === 'linux')(
  "gives back the pages malloc kept below a block still in use, which glibc's own free does not",
  () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { releaseStartupMemory } from ${JSON.stringify(fileURLToPath(new URL('./release-startup-memory.ts', import.meta.url)))};
      const rssMb = () => Number(readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * 4096 / 1048576;
      // 64 MB in 16 KB blocks (under malloc's mmap threshold, so inside its arenas), then one more kept:
      // the freed ones lie below it, where glibc's free leaves them resident.
      let blocks = Array.from({ length: 4096 }, () => Buffer.allocUnsafeSlow(16384).fill(1));
      const kept = Buffer.allocUnsafeSlow(16384).fill(2);
      blocks = null;
      gc(); gc();
      const freed = rssMb();
      const { trimmed } = releaseStartupMemory();
      process.stdout.write(JSON.stringify({ freed, released: rssMb(), trimmed, kept: kept.length }));
    `;
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).toBe('');
    const { freed, released, trimmed } = JSON.parse(child.stdout);
    expect(trimmed).toBe(true);
    expect(freed - released).toBeGreaterThan(48);
  },
);

afterEach(() => {
  vi.useRealTimers();
});

test('waits for the event loop to be idle before releasing, so the first requests do not wait for it', () => {
  vi.useFakeTimers();
  const load = [0.9, 0.6, 0.05]; // the event loop's share of time working at each check
  const done = vi.fn();
  releaseStartupMemoryWhenIdle(done, { checkMs: 250, maxDelayMs: 5000, busy: () => load.shift() ?? 0 });

  vi.advanceTimersByTime(500);
  expect(done).not.toHaveBeenCalled();
  vi.advanceTimersByTime(250);
  expect(done).toHaveBeenCalledTimes(1);
  expect(done.mock.calls[0]![0]).toMatchObject({ waitedMs: 750 });
  vi.advanceTimersByTime(5000);
  expect(done).toHaveBeenCalledTimes(1);
});

test('releases after the longest wait even if the server is never idle, and not once cancelled', () => {
  vi.useFakeTimers();
  const busyServer = vi.fn();
  releaseStartupMemoryWhenIdle(busyServer, { checkMs: 250, maxDelayMs: 2000, busy: () => 1 });
  vi.advanceTimersByTime(1750);
  expect(busyServer).not.toHaveBeenCalled();
  vi.advanceTimersByTime(250);
  expect(busyServer).toHaveBeenCalledWith(expect.objectContaining({ waitedMs: 2000 }));

  const stopped = vi.fn();
  const cancel = releaseStartupMemoryWhenIdle(stopped, { checkMs: 250, busy: () => 0 });
  cancel();
  vi.advanceTimersByTime(10_000);
  expect(stopped).not.toHaveBeenCalled();
});

test.runIf(process.platform === 'linux')('trims at its interval while running, and not once stopped', () => {
  vi.useFakeTimers();
  const trims: number[] = [];
  const stop = trimNativeHeapEvery(15_000, (tookMs) => trims.push(tookMs));
  vi.advanceTimersByTime(14_999);
  expect(trims).toHaveLength(0);
  vi.advanceTimersByTime(1);
  vi.advanceTimersByTime(15_000);
  expect(trims).toHaveLength(2);
  expect(trims.every((ms) => ms >= 0)).toBe(true);
  stop();
  vi.advanceTimersByTime(60_000);
  expect(trims).toHaveLength(2);
});
