import { describe, expect, it } from 'vitest';
import { alreadyOpenMessage } from './alreadyOpen';

describe('what the page says of a file already open', () => {
  const sha = 'c252794b2f4b0123456789';

  it('says so in a sentence with the start of the hash', () => {
    expect(alreadyOpenMessage({ name: 'x.jsonl', sameAs: 'x.jsonl', sha256: sha, onceDecompressed: false })).toBe('x.jsonl is already open (same SHA-256, c252794b2f4b…); it was not added again.');
    expect(alreadyOpenMessage({ name: 'y.jsonl', sameAs: 'x.jsonl', sha256: sha, onceDecompressed: false })).toBe('y.jsonl is already open as x.jsonl (same SHA-256, c252794b2f4b…); it was not added again.');
  });

  it('says that only the content once decompressed is the same, when the files differ', () => {
    expect(alreadyOpenMessage({ name: 'log.jsonl.gz', sameAs: 'log.jsonl', sha256: sha, onceDecompressed: true })).toBe(
      'log.jsonl.gz is already open as log.jsonl (same content once decompressed, SHA-256 c252794b2f4b…); it was not added again.',
    );
  });
});
