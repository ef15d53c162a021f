import { Link } from 'react-router';

export type ReplyPart = string | { label: string; path: string };

// [label](/path) with a path of this app: one slash, then not a slash or backslash (`//host` and
// `/\host` lead to other sites), no spaces or brackets.
const LINK = /\[([^\]\n]+)\]\((\/(?![/\\])[^\s()\\]*)\)/g;

/** The reply's text cut into plain text and links to the app's own screens; anything else stays text. */
export function replyParts(text: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push({ label: match[1]!, path: match[2]! });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

const linkClass =
  'rounded-sm font-medium text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

/**
 * A message's words as text (never HTML). Links become router links, which change the screen and leave
 * the panel open with its conversation. While a reply streams in (`live`), its links are drawn but not
 * yet links: the words are hidden from screen readers until whole, and nothing hidden may take focus.
 */
export function ReplyText({ text, live = false }: { text: string; live?: boolean }) {
  return (
    <p className="whitespace-pre-wrap wrap-anywhere">
      {replyParts(text).map((part, index) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered.
          <span key={index}>{part}</span>
        ) : live ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index} className={linkClass}>
            {part.label}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Link key={index} to={part.path} className={linkClass}>
            {part.label}
          </Link>
        ),
      )}
    </p>
  );
}
