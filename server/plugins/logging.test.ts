import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { genReqId, plainLine, redactUrl } from './logging';

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

  it('leaves errors and records with objects to pino-pretty', () => {
    expect(plainLine(record({ level: 50, msg: 'boom' }), false)).toBeNull();
    expect(plainLine(record({ msg: 'done', published: 3 }), false)).toBeNull();
    expect(plainLine('not json', false)).toBeNull();
  });
});
