import { describe, expect, it } from 'vitest';
import { statementName, withStatementName } from './preparing-client';

describe('naming statements', () => {
  it('gives the same text the same name, and different texts different names', () => {
    const a = statementName('select 1 where $1 = 1');
    expect(a).toMatch(/^tn_[\w-]{27}$/);
    expect(statementName('select 1 where $1 = 1')).toBe(a);
    expect(statementName('select 2 where $1 = 1')).not.toBe(a);
  });

  it('names only statements that take values and have no name of their own', () => {
    const [named] = withStatementName(['select $1::int', [1]]) as [
      { name: string; text: string; values: number[] },
    ];
    expect(named).toMatchObject({ text: 'select $1::int', values: [1] });
    expect(named.name).toBe(statementName('select $1::int'));
    const config = { text: 'select $1::text', values: ['a'], rowMode: 'array' };
    expect(withStatementName([config])[0]).toMatchObject({
      ...config,
      name: statementName('select $1::text'),
    });
    const drizzle = { name: undefined, text: 'select $1::uuid', rowMode: 'array' };
    const [withValuesBeside, values] = withStatementName([drizzle, ['x']]) as [{ name: string }, string[]];
    expect(withValuesBeside.name).toBe(statementName('select $1::uuid'));
    expect(values).toEqual(['x']);
    for (const args of [
      [{ name: undefined, text: 'select 1' }, []],
      ['select 1; select 2'],
      ['select 1', []],
      [{ text: 'select $1', values: [1], name: 'mine' }],
      [{ text: 'select 1' }],
    ]) {
      expect(withStatementName(args)).toBe(args);
    }
  });
});
