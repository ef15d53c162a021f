import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors';

/** An error as node-postgres or Node's sockets make it: a message and a code. */
function coded(code: string, message = `error ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

/** As Drizzle throws it: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', coded('ECONNRESET', 'read ECONNRESET')],
    ['connect timeout', coded('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.7:5432')],
    ['host unreachable', coded('EHOSTUNREACH')],
    ['name not resolved', coded('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout (pg)', new Error('Connection terminated due to connection timeout')],
    ['admin shutdown (57P01)', coded('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown (57P02)', coded('57P02')],
    ['starting up (57P03)', coded('57P03', 'the database system is starting up')],
    ['connection failure (08006)', coded('08006')],
    ['client unable to connect (08001)', coded('08001')],
    ['connection does not exist (08003)', coded('08003')],
    ['protocol violation (08P01)', coded('08P01')],
    ['too many clients (53300)', coded('53300', 'sorry, too many clients already')],
  ])('is true for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    // However Drizzle wraps it.
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(wrapped(err)))).toBe(true);
  });

  it('looks inside an AggregateError (every address of a host refused)', () => {
    const both = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(both)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(both))).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505', 'duplicate key value violates unique constraint')],
    ['a check violation', coded('23514')],
    ['a syntax error', coded('42601')],
    ['a statement timeout or cancel', coded('57014', 'canceling statement due to statement timeout')],
    ['a deadlock', coded('40P01')],
    ['a serialization failure', coded('40001')],
    ['an undefined table', coded('42P01')],
    ['a plain error', new Error('boom')],
    ['an error coded like a path', coded('ENOENT')],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it('is false for what is not an error, and ends on a cycle of causes', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', 42, { code: 'ECONNREFUSED' }])
      expect(isDatabaseUnavailable(value)).toBe(false);
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
