/** Ids in finding messages are cut to MESSAGE_ID_CHARS; the findings' records keep them whole. */
import { describe, expect, it } from 'vitest';
import { clippedId, MESSAGE_ID_CHARS, shownId } from './fields';
import { describeInvisibles, revealInvisibles } from './invisibleChars';
import { check, theFinding } from './test/build';

const long = 'i'.repeat(10_000);
const other = 'j'.repeat(10_000);

describe('ids quoted in finding messages', () => {
  it('cuts a 10,000-character id to its first characters and says how many were left out; the records keep it whole', () => {
    const { doc } = check([
      { kind: 'input', id: long, op: 'allow', accept_seq: 1 },
      { kind: 'input', id: other, op: 'allow', accept_seq: 1 },
    ]);
    const f = theFinding(doc, 'duplicate-accept-seq');
    expect(f.message.length).toBeLessThan(300);
    expect(f.message).toBe(
      `accept_seq 1 is shared by ${'i'.repeat(80)}… (9,920 more characters; line 1), ${'j'.repeat(80)}… (9,920 more characters; line 2); their relative acceptance order is unknown.`,
    );
    expect(f.records.map((r) => r.id)).toEqual([long, other]);
  });

  it('quotes an id of the limit whole, as before', () => {
    const id = 'k'.repeat(MESSAGE_ID_CHARS);
    const { doc } = check([{ kind: 'input', id, op: 'allow' }, { kind: 'input', id: 'b', op: 'allow', accept_seq: 1 }]);
    expect(theFinding(doc, 'missing-accept-seq').message).toBe(`Record ${id} (line 1) has no accept_seq, so its place in the acceptance order is unknown.`);
  });

  it('cuts a referenced id and an eval identity the same way', () => {
    const dangling = theFinding(check([{ kind: 'request', id: 'q1', previous_response_id: long, accept_seq: 1 }]).doc, 'dangling-reference');
    expect(dangling.message).toContain(`refers to ${'i'.repeat(80)}… (9,920 more characters) in previous_response_id,`);
    const conflict = theFinding(check([{ kind: 'eval', id: long, status: 'pass' }, { kind: 'eval', id: long, status: 'fail' }]).doc, 'eval-conflict');
    expect(conflict.message.length).toBeLessThan(600);
    expect(conflict.message.startsWith(`Eval ${'i'.repeat(80)}… (9,920 more characters) has conflicting results`)).toBe(true);
    expect(conflict.records.map((r) => r.id)).toEqual([long, long]);
  });

  it('never cuts an emoji in half: one across the cut is left out whole, one before it is shown whole', () => {
    const across = `${'a'.repeat(MESSAGE_ID_CHARS - 1)}😀${'b'.repeat(100)}`;
    expect(clippedId(across)).toEqual({ text: 'a'.repeat(MESSAGE_ID_CHARS - 1), omitted: 102 });
    const before = `${'a'.repeat(MESSAGE_ID_CHARS - 2)}😀${'b'.repeat(100)}`;
    expect(shownId(before)).toBe(`${'a'.repeat(MESSAGE_ID_CHARS - 2)}😀… (100 more characters)`);
    const { doc } = check([{ kind: 'input', id: across, op: 'allow' }, { kind: 'input', id: 'b', op: 'allow', accept_seq: 1 }]);
    const message = theFinding(doc, 'missing-accept-seq').message;
    expect(describeInvisibles(message)).toEqual([]);
    expect(message).toContain(`${'a'.repeat(MESSAGE_ID_CHARS - 1)}… (102 more characters; line 1)`);
  });

  it('keeps a tag character marked as itself: shown whole before the cut, never as half a surrogate pair at it', () => {
    const tag = '\u{E0041}';
    expect(revealInvisibles(shownId(`${'a'.repeat(MESSAGE_ID_CHARS - 2)}${tag}${'b'.repeat(10)}`))).toBe(`${'a'.repeat(MESSAGE_ID_CHARS - 2)}⟨U+E0041⟩… (10 more characters)`);
    const atCut = revealInvisibles(shownId(`${'a'.repeat(MESSAGE_ID_CHARS - 1)}${tag}${'b'.repeat(10)}`));
    // A tag character is drawn with the character before it (an emoji tag sequence), so the cut keeps the two together: both go.
    expect(atCut).toBe(`${'a'.repeat(MESSAGE_ID_CHARS - 2)}… (13 more characters)`);
    expect(revealInvisibles(shownId(`\u200b${long}`))).toBe(`⟨U+200B⟩${'i'.repeat(MESSAGE_ID_CHARS - 1)}… (9,921 more characters)`);
  });
});
