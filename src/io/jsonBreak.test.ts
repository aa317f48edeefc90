import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonBreak } from './jsonBreak';
import { describeJsonBreak } from './jsonError';

function parseError(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (e) {
    return e;
  }
  throw new Error(`${text} parsed`);
}

const document = JSON.stringify({ eval: { task: 'arith', run_id: 'r1' }, samples: [{ id: 1, scores: { match: { value: 'C' } }, n: -1.5e3, ok: true, no: null, s: 'a\\"\u00e9\n' }] }, null, 2);

describe('findJsonBreak', () => {
  it('agrees with JSON.parse on every prefix of a document: each but the whole one ends early, at its end', () => {
    for (let n = 0; n < document.length; n++) {
      const prefix = document.slice(0, n);
      expect(findJsonBreak(prefix), prefix).toEqual({ offset: n, endsEarly: true });
    }
    expect(findJsonBreak(document)).toBeNull();
  });

  it('finds the first character that cannot continue the text', () => {
    const cases: [string, number][] = [
      ['{"a": x}', 6],
      ['{"a": 1}}', 8],
      ['[1,]', 3],
      ['{"a":01}', 6],
      ['{"a":tru}', 8],
      ['{"a":"b\nc"}', 7],
      ['{"a":"\\x"}', 7],
      ['{"a":"\\u12g4"}', 10],
      ['\u00ef{}', 0],
      ['{"a" 1}', 5],
      ['{1:2}', 1],
      ['{"a":1.}', 7],
      ['1 2', 2],
    ];
    for (const [text, offset] of cases) expect(findJsonBreak(text), text).toEqual({ offset, endsEarly: false });
  });

  it('finds a break in every text JSON.parse refuses, and none in one it reads', () => {
    const jsonish = fc.string({ unit: fc.constantFrom(...'{}[]":,0123456789-+.eEtrufalsn \\/u\n') });
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.json()), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const found = findJsonBreak(text);
        expect(found === null).toBe(parses);
        // Nothing before the break stops being JSON: the text up to it is a whole value or one cut short.
        if (found) expect(findJsonBreak(text.slice(0, found.offset))?.endsEarly ?? true).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('scans a document nested deeper than the engine parses', () => {
    expect(findJsonBreak(`${'['.repeat(200_000)}1${']'.repeat(199_999)}`)).toEqual({ offset: 400_000, endsEarly: true });
  });
});

describe('describeJsonBreak', () => {
  it('says where a cut-off document ends, with no position from the engine (V8: "Unexpected end of JSON input")', () => {
    const text = '{\n  "eval": {\n    "task":';
    expect(describeJsonBreak(parseError(text), text, 'text line', 'the file')).toBe(
      'not valid JSON: it ends early, after text line 3, column 11 (Unexpected end of JSON input), so the file was probably cut off',
    );
  });

  it('names the unexpected character and where it is, with the engine’s words but not its quote of the text', () => {
    const text = '{\n  "a": 1,\n  "b": x\n}';
    expect(describeJsonBreak(parseError(text), text)).toBe(`not valid JSON: unexpected character "x" at line 3, column 8 (Unexpected token 'x')`);
    const nul = '{"a": 1}\u0000';
    expect(describeJsonBreak(parseError(nul), nul)).toMatch(/^not valid JSON: unexpected character "\\u0000" at line 1, column 9 \(/);
  });

  it('says an empty document is empty', () => {
    expect(describeJsonBreak(parseError('  \n'), '  \n')).toBe('not valid JSON: it is empty (Unexpected end of JSON input)');
  });
});
