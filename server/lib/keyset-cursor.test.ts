import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './keyset-cursor';

const forge = (text: string) => Buffer.from(text).toString('base64url');
const ID = '6f1c1b2e-6a43-4d5e-9a7b-2f0c1d3e4f5a';

describe('keyset cursors', () => {
  it('give back the pair they were made from', () => {
    const at = new Date('2026-11-23T08:30:00.123Z');
    expect(decodeCursor(encodeCursor(at, ID))).toEqual({ at, exact: '2026-11-23T08:30:00.123Z', id: ID });
    // PostgreSQL's text of a timestamptz keeps its microseconds for the statement to compare.
    const exact = '2026-11-23T08:30:00.123456+00:00';
    expect(decodeCursor(encodeCursor(exact, ID))).toEqual({ at, exact, id: ID });
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  // Anything encodeCursor cannot have written. The first six used to reach PostgreSQL and answer 500
  // (found by the fuzz suite, server/fuzz.int.test.ts).
  it.each([
    ['year 0', forge(`0000-01-01|${ID}`)],
    ['a year past 9999', forge(`+259503-01-15T16:47:58.014Z|${ID}`)],
    ['the earliest JavaScript date', forge(`-271821-04-20T00:00:00.000Z|${ID}`)],
    ['36 dashes for an id', forge(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`)],
    ['36 hex digits without dashes', forge(`2026-01-01T00:00:00.000Z|${'0'.repeat(36)}`)],
    ['a misplaced dash', forge('2026-01-01T00:00:00.000Z|3-ac44f-1c-db0ab56b-0-bf-26-4a-b---6')],
    ['a third part', forge(`2026-01-01T00:00:00.000Z|${ID}|x`)],
    ['no time', forge(`|${ID}`)],
    ['a date without a time', forge(`2026-01-01|${ID}`)],
    ['a time with SQL after it', forge(`2026-01-01T00:00:00Z'::timestamptz--|${ID}`)],
    ['garbage', 'not a cursor'],
  ])('refuse %s as an invalid page link', (_name, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow('That page link is not valid');
  });
});
