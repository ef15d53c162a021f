import { expect } from 'vitest';

/** The main region's headings as levels, checking there is one h1 and no level is skipped going down. */
export function expectHeadingsInOrder(): { level: number; text: string }[] {
  const main = document.getElementById('main');
  if (!main) throw new Error('no main region');
  const headings = [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => ({
    level: Number(h.tagName[1]),
    text: h.textContent?.trim() ?? '',
  }));
  expect(headings.filter((h) => h.level === 1)).toHaveLength(1);
  expect(headings[0]?.level).toBe(1);
  headings.forEach((heading, index) => {
    const previous = headings[index - 1];
    if (previous) expect(heading.level - previous.level, heading.text).toBeLessThanOrEqual(1);
  });
  return headings;
}
