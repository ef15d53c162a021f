import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { expect, test } from 'vitest';
import { releaseStartupMemory } from './release-startup-memory';

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
