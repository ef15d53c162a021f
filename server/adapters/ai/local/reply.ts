import type { AssistantLink } from '../../../../domain/assistant/api';
import {
  SCREENS,
  type Screen,
  type ScreenViewer,
  screenIsFor,
  screenLabel,
} from '../../../../domain/assistant/screens';
import type { ReplyChunk } from '../provider';
import { isAppPath, LINK, sentences } from './text';

// A reply being written: sentences in order, each with the links it wrote, streamed as text chunks
// (one per sentence) each followed by a link chunk per link it introduced.

export class Reply {
  private readonly parts: { text: string; links: AssistantLink[] }[] = [];
  private readonly paths = new Set<string>();

  constructor(readonly viewer: ScreenViewer) {}

  /** Adds text, sentence by sentence; links in it are written [label](/path). */
  say(text: string): this {
    for (const sentence of sentences(text)) {
      const links: AssistantLink[] = [];
      for (const [, label, path] of sentence.matchAll(LINK)) {
        if (this.paths.has(path!)) continue;
        this.paths.add(path!);
        links.push({ label: label!, path: path! });
      }
      this.parts.push({ text: sentence, links });
    }
    return this;
  }

  /** Whether the reply already points to this path. */
  links(path: string): boolean {
    return this.paths.has(path);
  }

  isEmpty(): boolean {
    return this.parts.length === 0;
  }

  *chunks(): Iterable<ReplyChunk> {
    for (const [i, part] of this.parts.entries()) {
      yield { type: 'text', text: i === 0 ? part.text : ` ${part.text}` };
      for (const link of part.links) yield { type: 'link', link };
    }
  }
}

export const link = (label: string, path: string) => `[${label}](${path})`;

/** A link to one of the app's screens, named as this viewer sees it ('My Bookings' for a tradesperson). */
export function screenLink(path: string, viewer: ScreenViewer): string {
  const screen = SCREENS.find((s) => s.path === path);
  return link(screen ? screenLabel(screen, viewer) : path, path);
}

/** Help text with its links kept when they point into the app, and reduced to their label otherwise. */
export function keepAppLinks(text: string): string {
  return text.replace(LINK, (whole, label: string, path: string) => (isAppPath(path) ? whole : label));
}

/**
 * Links the first mention of each screen the help text names but does not link ("Use Raise Dispute
 * on the booking: on My Jobs, ..."), for screens this viewer can open. Only names of two words or
 * more: 'Home' or 'Messages' are as often plain words.
 */
export function linkScreenNames(text: string, viewer: ScreenViewer): string {
  let linked = text;
  for (const screen of SCREENS) {
    if (!screen.available || !reachable(screen, viewer) || linksTo(linked, screen.path)) continue;
    for (const name of [screen.label, screen.tradespersonLabel]) {
      if (!name?.includes(' ')) continue;
      const at = new RegExp(`(?<![\\[\\w])${escapeRegExp(name)}(?![\\w\\]])`).exec(linked);
      if (!at) continue;
      linked = `${linked.slice(0, at.index)}${link(name, screen.path)}${linked.slice(at.index + name.length)}`;
      break;
    }
  }
  return linked;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether text links to a screen, to a part of it ('#contact') or with options ('?step=4'). */
export const linksTo = (text: string, path: string) =>
  new RegExp(`\\]\\(${escapeRegExp(path)}[)#?]`).test(text);

/** Whether the viewer can be sent there: their screens, and for a guest any but an admin's (via sign-in). */
export function reachable(screen: Screen, viewer: ScreenViewer): boolean {
  return screenIsFor(screen, viewer) || (viewer.userType === 'guest' && screen.audience !== 'admin');
}
