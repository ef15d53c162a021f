import { ChevronDown } from 'lucide-react';
import type { SupportConversationView } from './api';

type Transcript = NonNullable<SupportConversationView['transcript']>;

/** The assistant conversation the person agreed to share, folded away until opened. */
export function SharedTranscript({
  transcript,
  userLabel = 'You',
}: {
  transcript: Transcript | null;
  /** Who asked the assistant, as the reader calls them. */
  userLabel?: string;
}) {
  if (!transcript || transcript.length === 0) return null;
  return (
    <details className="group rounded-lg border border-border bg-muted/40">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        Shared from the assistant
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ol className="space-y-2 border-t border-border px-3 py-3 text-sm">
        {transcript.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's turns never move
          <li key={index}>
            <span className="font-semibold">{turn.role === 'user' ? userLabel : 'Assistant'}: </span>
            <span className="whitespace-pre-wrap wrap-anywhere">{turn.content}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
