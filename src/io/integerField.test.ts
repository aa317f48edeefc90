import { describe, expect, it } from 'vitest';
import { nonNegativeIntegerReason } from './integerField';
import { writtenValueAt } from './jsonSpans';

const LIMIT = 'must be a non-negative integer of at most 9007199254740991 (2^53 − 1), the largest a JSON number holds exactly; got';

describe('nonNegativeIntegerReason', () => {
  it('quotes an ordinary bad value as it parsed', () => {
    expect(nonNegativeIntegerReason('n', '2', ['n'], '{"n":"2"}', 0)).toBe('n must be a non-negative integer, got "2"');
    expect(nonNegativeIntegerReason('n', -1, ['n'], '{"n":-1}', 0)).toBe('n must be a non-negative integer, got -1');
  });

  it('quotes a number beyond 2^53 − 1 as written, past a byte-order mark, at a nested path', () => {
    const text = 'x\n\uFEFF {"a": {"n": 9007199254740993 }}';
    expect(nonNegativeIntegerReason('a.n', 9007199254740992, ['a', 'n'], text, 2)).toBe(`a.n ${LIMIT} 9007199254740993`);
    expect(nonNegativeIntegerReason('n', -9007199254740992, ['n'], '{"n":-9007199254740993}', 0)).toBe('n must be a non-negative integer, got -9007199254740993');
  });

  it('says the number was rounded when the text is not at hand', () => {
    expect(nonNegativeIntegerReason('n', 9007199254740992, ['n'], null, 0)).toBe(`n ${LIMIT} a number beyond 2^53 − 1, read rounded as 9007199254740992`);
    expect(nonNegativeIntegerReason('n', -Infinity, ['n'], null, 0)).toBe('n must be a non-negative integer, got a number below −(2^53 − 1), read rounded as -Infinity');
  });
});

describe('writtenValueAt', () => {
  it('finds the last of repeated keys, as JSON.parse keeps, and keys written with escapes', () => {
    expect(writtenValueAt('{"n":1,"n":2.50}', 0, ['n'])).toBe('2.50');
    expect(writtenValueAt('{"\\u006e" : [1, {"m": 2}] }', 0, ['n'])).toBe('[1, {"m": 2}]');
    expect(writtenValueAt('{"m":{"n":1}}', 0, ['n'])).toBeNull();
    expect(writtenValueAt('[1]', 0, ['n'])).toBeNull();
  });
});
