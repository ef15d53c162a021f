// Text handling for the local assistant: the question made comparable (lower case, plain apostrophes,
// common typos of the words intents hinge on corrected), and reply text cut into sentences and links.

/** Lower case, straight apostrophes, one space between words, no punctuation but apostrophes and £. */
export function normalise(message: string): string {
  return message
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[^a-z0-9'£\s-]+/g, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent swaps, 'recieve'), giving up past `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Replaces each unknown word by the closest word of the vocabulary (one edit for words of 5 to 7
 * letters, two from 8), so 'mesages' and 'recieved' read as the words the patterns look for. Known
 * words are left alone ('quite' is not a misspelt 'quote'), and so are short ones: one edit turns
 * 'pay' into 'day'.
 */
export function correctTypos(
  text: string,
  vocabulary: ReadonlySet<string>,
  known: ReadonlySet<string>,
): string {
  return text
    .split(' ')
    .map((word) => {
      if (word.length < 5 || vocabulary.has(word) || known.has(word) || !/^[a-z]+$/.test(word)) return word;
      const max = word.length >= 8 ? 2 : 1;
      let best = word;
      let bestDistance = max + 1;
      for (const known of vocabulary) {
        const d = editDistance(word, known, max);
        if (d < bestDistance) {
          best = known;
          bestDistance = d;
        }
      }
      return best;
    })
    .join(' ');
}

/** Sentences of a paragraph; a link's path never contains the space a split needs. */
export function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?:])\s+(?=[A-Z£[('"])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A link as the reply writes it, and as the widget reads it back. */
export const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Whether a path is one of the app's (the contract's AssistantLink path: '/x', never '//x'). */
export const isAppPath = (path: string) => /^\/[^/]/.test(path);
