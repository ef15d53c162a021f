import { screen, within } from '@testing-library/react';

/**
 * The card (an <article>) under the level-2 heading `name`, once it shows. The first screen of a file
 * waits for its lazy chunks, hence the longer wait.
 */
export async function findArticle(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });
  return within(heading.closest('article') as HTMLElement);
}
