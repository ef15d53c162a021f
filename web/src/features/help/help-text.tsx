import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

// Renders help content (domain/help/content.ts): plain-text paragraphs, '- ' and '1. ' list items, and
// [label](target) links. Text stays text: nothing is ever parsed as HTML.

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
const BULLET = /^- /;
const NUMBERED = /^\d+\. /;

type Block = { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] };

/** Consecutive list items of one kind become one list. */
function blocksOf(paragraphs: readonly string[]): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of paragraphs) {
    const kind = BULLET.test(paragraph) ? 'ul' : NUMBERED.test(paragraph) ? 'ol' : 'p';
    const last = blocks.at(-1);
    if (kind === 'p') blocks.push({ kind, text: paragraph });
    else {
      const item = paragraph.replace(kind === 'ul' ? BULLET : NUMBERED, '');
      if (last?.kind === kind) last.items.push(item);
      else blocks.push({ kind, items: [item] });
    }
  }
  return blocks;
}

/** Paragraphs and lists, to sit in a container that styles them (PROSE). */
export function HelpText({ paragraphs }: { paragraphs: readonly string[] }) {
  return blocksOf(paragraphs).map((block) => {
    if (block.kind === 'p') {
      return (
        <p key={block.text}>
          <HelpInline text={block.text} />
        </p>
      );
    }
    const List = block.kind;
    return (
      <List key={block.items.join('\n')}>
        {block.items.map((item) => (
          <li key={item}>
            <HelpInline text={item} />
          </li>
        ))}
      </List>
    );
  });
}

/** One paragraph's text with its links. */
export function HelpInline({ text }: { text: string }) {
  const { pathname } = useLocation();
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', target = ''] = match;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(<HelpLink key={match.index} label={label} target={target} pathname={pathname} />);
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function HelpLink({ label, target, pathname }: { label: string; target: string; pathname: string }) {
  if (target.startsWith('/')) {
    const [path, hash] = target.split('#');
    // An anchor on this page stays an in-page link, so the browser scrolls to it.
    if (hash && path === pathname) return <a href={`#${hash}`}>{label}</a>;
    return <Link to={target}>{label}</Link>;
  }
  if (target.startsWith('tel:')) return <a href={target}>{label}</a>;
  if (target.startsWith('https://')) {
    return (
      <a href={target} rel="noreferrer">
        {label}
      </a>
    );
  }
  return label;
}
