import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it, vi } from 'vitest';
import { BatchedWriter, genReqId, logDestination, loggerOptions, plainLine, redactUrl } from './logging';

describe('log redaction', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/verify?token=abc&next=%2Fhome')).toBe('/verify?token=%5BREDACTED%5D&next=%2Fhome');
    expect(redactUrl('/my-jobs?payment=success&session_id=cs_123')).toBe(
      '/my-jobs?payment=success&session_id=%5BREDACTED%5D',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('keeps a sane incoming request id and replaces anything else', () => {
    expect(genReqId({ headers: { 'x-request-id': 'abcd-1234' } })).toBe('abcd-1234');
    expect(genReqId({ headers: { 'x-request-id': 'bad id with spaces' } })).toMatch(/^[0-9a-f-]{36}$/);
    expect(genReqId({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readable log lines in development', () => {
  const pretty = prettyFactory({
    colorize: false,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  const record = (fields: Record<string, unknown>) =>
    JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 24, 9, 5, 7), pid: 1, hostname: 'h', ...fields });

  it('writes a message-only record exactly as pino-pretty would, at every level below error', () => {
    for (const level of [10, 20, 30, 40]) {
      const line = record({ level, reqId: 'r-1', msg: 'GET /api/health 200 0 ms' });
      expect(plainLine(line, false)).toBe(pretty(line));
    }
  });

  it('keeps the clock right from line to line (it is worked out once a second)', () => {
    const start = Date.UTC(2026, 10, 24, 9, 5, 7, 250);
    for (const time of [start, start + 749, start + 750, start + 61_000, start + 3_600_000, start - 1]) {
      const line = JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'GET / 200 1 ms' });
      expect(plainLine(line, false), String(time)).toBe(pretty(line));
    }
  });

  it('leaves errors and records with objects to pino-pretty', () => {
    expect(plainLine(record({ level: 50, msg: 'boom' }), false)).toBeNull();
    expect(plainLine(record({ msg: 'done', published: 3 }), false)).toBeNull();
    expect(plainLine('not json', false)).toBeNull();
  });
});

describe("a request's line, written without pino", () => {
  it('is the record pino writes for it, key for key', () => {
    const lines: string[] = [];
    const destination = logDestination('production', { write: (line) => lines.push(line) });
    const request = {
      id: 'req-12345678',
      method: 'GET',
      url: '/verify?token=abc&page=2',
      ip: '127.0.0.1',
    } as unknown as FastifyRequest;
    destination.request('warn', request, 201, 1234.5);
    const logger = pino(
      { ...loggerOptions('info'), serializers: { ...loggerOptions('info').serializers } },
      { write: (line: string) => lines.push(line) },
    ).child({ reqId: request.id });
    logger.warn({ req: request, res: { statusCode: 201 }, responseTime: 1234.5 }, 'request completed');
    const [ours, theirs] = lines.map((line) => JSON.parse(line));
    expect(ours.time).toBeGreaterThan(0);
    expect({ ...ours, time: 0 }).toEqual({ ...theirs, time: 0 });
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect(ours.req.url).toBe('/verify?token=%5BREDACTED%5D&page=2');
    expect(lines[0]?.endsWith('\n')).toBe(true);
  });
});

describe('log lines written in batches', () => {
  function fileWriter(maxBytes?: number) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tradenest-log-')), 'out.log');
    const fd = openSync(file, 'w');
    return { writer: new BatchedWriter(fd, maxBytes, 20), read: () => readFileSync(file, 'utf8') };
  }

  it('holds lines briefly and writes them together, in order', async () => {
    const { writer, read } = fileWriter();
    writer.write('one\n');
    writer.write('two\n');
    expect(read()).toBe('');
    await vi.waitFor(() => expect(read()).toBe('one\ntwo\n'));
  });

  it('writes at once for an error, and as soon as a batch is full', () => {
    const { writer, read } = fileWriter(10);
    writer.write('info\n');
    writer.write('error\n', true);
    expect(read()).toBe('info\nerror\n');
    writer.write('0123456789\n');
    expect(read()).toBe('info\nerror\n0123456789\n');
  });

  it('drops a batch whose reader has gone instead of failing or waiting', () => {
    const writer = new BatchedWriter(987_654);
    writer.write('nobody reads this\n', true);
    writer.write('nor this\n');
    expect(() => writer.flush()).not.toThrow();
  });
});
