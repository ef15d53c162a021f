import { createAvatar } from '@dicebear/core';
import { LRUCache } from 'lru-cache';

// Generated profile pictures for people without an uploaded one (spec 2: "a generated avatar seeded by
// the id"), made here so that the browser never calls a third party. The same id always gives the
// same picture, so each is cached for a year by browsers and kept here for repeat requests.

type ThumbsStyle = Awaited<ReturnType<typeof import('@dicebear/collection/async').thumbs>>;

// Loaded on the first avatar request rather than at start-up: the style's code is not needed before.
let style: Promise<ThumbsStyle> | undefined;
const loadStyle = () => {
  style ??= import('@dicebear/collection/async').then((styles) => styles.thumbs());
  return style;
};

const svgs = new LRUCache<string, string>({ max: 2_000 });

export async function avatarSvg(seed: string): Promise<string> {
  let svg = svgs.get(seed);
  if (!svg) {
    svg = createAvatar(await loadStyle(), { seed }).toString();
    svgs.set(seed, svg);
  }
  return svg;
}
