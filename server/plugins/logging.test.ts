import { describe, expect, it } from 'vitest';
import { genReqId, redactUrl } from './logging';

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
