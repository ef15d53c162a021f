import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, JOB_STATUSES, QUOTE_STATUSES } from '../catalog/statuses';
import {
  type Actor,
  BOOKING_TRANSITIONS,
  JOB_TRANSITIONS,
  QUOTE_TRANSITIONS,
  transitionTo,
} from './transitions';

const ACTORS: Actor[] = ['customer', 'tradesperson', 'system'];

// Every (transition, status, actor) triple is checked against the table written out by hand below,
// so a change to the table must be a deliberate change to this list too.
const ALLOWED = new Set([
  'job.book:open:customer',
  'job.cancel:open:customer',
  'job.reopen:in_progress:system',
  'job.complete:in_progress:system',
  'quote.edit:pending:tradesperson',
  'quote.withdraw:pending:tradesperson',
  'quote.accept:pending:customer',
  'quote.reject:pending:system',
  'quote.reject:accepted:system',
  'booking.confirm:pending:tradesperson',
  'booking.decline:pending:tradesperson',
  'booking.cancel:pending:customer',
  'booking.cancel:pending:tradesperson',
  'booking.complete:confirmed:tradesperson',
  'booking.dispute:confirmed:customer',
  'booking.dispute:confirmed:tradesperson',
  'booking.dispute:completed:customer',
  'booking.dispute:completed:tradesperson',
]);

const TABLES = [
  ['job', JOB_TRANSITIONS, JOB_STATUSES],
  ['quote', QUOTE_TRANSITIONS, QUOTE_STATUSES],
  ['booking', BOOKING_TRANSITIONS, BOOKING_STATUSES],
] as const;

describe('status transitions', () => {
  for (const [kind, table, statuses] of TABLES) {
    for (const name of Object.keys(table)) {
      for (const from of statuses) {
        for (const actor of ACTORS) {
          const key = `${kind}.${name}:${from}:${actor}`;
          const allowed = ALLOWED.has(key);
          it(`${allowed ? 'allows' : 'refuses'} ${key}`, () => {
            const result = transitionTo(table as never, name as never, from as never, actor);
            expect(result.ok).toBe(allowed);
          });
        }
      }
    }
  }

  // Where an allowed transition leads and why a refused one is refused, keyed as in ALLOWED.
  it.each([
    ['job.book:open:customer', { ok: true, to: 'in_progress' }],
    ['quote.withdraw:pending:tradesperson', { ok: true, to: 'withdrawn' }],
    ['booking.complete:confirmed:tradesperson', { ok: true, to: 'completed' }],
    ['booking.complete:pending:tradesperson', { ok: false, reason: 'wrong_state' }],
    ['quote.accept:pending:tradesperson', { ok: false, reason: 'not_allowed' }],
  ])('leads where the domain rules say: %s', (key, expected) => {
    const [, kind, name, from, actor] = /^(\w+)\.(\w+):(\w+):(\w+)$/.exec(key)!;
    const table = TABLES.find(([k]) => k === kind)![1];
    expect(transitionTo(table as never, name as never, from as never, actor as Actor)).toEqual(expected);
  });
});
