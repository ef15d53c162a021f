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
