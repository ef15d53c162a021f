// Reads a server-sent event stream from a fetch Response body (EventSource cannot POST). Follows the
// format of the HTML standard: lines end with CRLF, LF or CR; `event:` names the event, `data:` lines
// are joined with newlines, a blank line dispatches, lines starting with ':' are comments.

export type ServerSentEvent = { event: string; data: string };

export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let done = false;

  // Applies one line; returns the event it completes, if any.
  const take = (line: string): ServerSentEvent | undefined => {
    if (line === '') {
      const complete = data.length > 0 ? { event: event || 'message', data: data.join('\n') } : undefined;
      event = '';
      data = [];
      return complete;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    return undefined;
  };

  try {
    while (!done) {
      const chunk = await reader.read();
      done = chunk.done;
      buffer += done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end === -1) break;
        // A CR at the end of what has arrived may be the first half of a CRLF: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1 && !done) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1));
        const complete = take(line);
        if (complete) yield complete;
      }
    }
    // A last event the server did not end with a blank line still counts.
    const last = take(buffer) ?? take('');
    if (last) yield last;
  } finally {
    // Left early (the reader stopped at `done` or failed): let the server's stream go.
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
