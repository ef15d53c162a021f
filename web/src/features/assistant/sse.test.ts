import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './sse';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads named events with their data', async () => {
    expect(
      await read(['event: delta\ndata: {"text":"Hi"}\n\n', 'event: done\ndata: {"message":"Hi"}\n\n']),
    ).toEqual([
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{"message":"Hi"}' },
    ]);
  });

  it('joins an event cut anywhere across chunks, a multi-byte character included', async () => {
    const whole = 'event: delta\ndata: {"text":"£5 café"}\n\n';
    const bytes = new TextEncoder().encode(whole);
    const events: ServerSentEvent[] = [];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    for await (const event of readServerSentEvents(stream)) events.push(event);
    expect(events).toEqual([{ event: 'delta', data: '{"text":"£5 café"}' }]);
  });

  it('accepts CRLF and CR line ends, a CRLF split between chunks, comments and multi-line data', async () => {
    expect(
      await read([
        ': keep-alive\r\n\r\nevent: delta\r',
        '\ndata: one\r\ndata: two\r\n\r',
        '\nevent:done\rdata:x\r\r',
      ]),
    ).toEqual([
      { event: 'delta', data: 'one\ntwo' },
      { event: 'done', data: 'x' },
    ]);
  });

  it('calls an event without a name a message, and keeps a last event with no blank line after it', async () => {
    expect(await read(['data: a\n\n', 'event: done\ndata: b'])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'done', data: 'b' },
    ]);
  });

  it('skips an event without data', async () => {
    expect(await read(['event: ping\n\n', 'event: delta\ndata: z\n\n'])).toEqual([
      { event: 'delta', data: 'z' },
    ]);
  });
});
