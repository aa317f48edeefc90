import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ContentTooLargeError } from './gzip';
import { unzipInspectEval } from './inspectZip';
import { DEFAULT_LIMITS } from './limits';

const HEADER = strToU8('{"status":"success","eval":{"task":"t","run_id":"r"}}');

/** A zip whose first sample's deflated data is broken: inflating it throws, so a refusal that comes first inflated nothing. */
function zipWithBrokenFirstSample(): Uint8Array {
  const sample = new Uint8Array(3000).fill(0x20);
  const zip = zipSync({ 'samples/1_epoch_1.json': sample, 'samples/2_epoch_1.json': sample, 'header.json': HEADER }, { level: 6 });
  const dataStart = 30 + 'samples/1_epoch_1.json'.length;
  zip.fill(0xff, dataStart, dataStart + 4);
  return zip;
}

describe('unzipInspectEval', () => {
  it('refuses members adding up past the content limit before inflating any of them', () => {
    const limits = { ...DEFAULT_LIMITS, maxContentBytes: 5000 };
    expect(() => unzipInspectEval(zipWithBrokenFirstSample(), limits)).toThrow(ContentTooLargeError);
  });

  it('inflates the members it reads when they fit', () => {
    const zip = zipSync({ 'header.json': HEADER, 'samples/1_epoch_1.json': strToU8('{"id":1}'), 'summaries.json': strToU8('[]') });
    const read = unzipInspectEval(zip, DEFAULT_LIMITS);
    expect(read.names).toEqual(['header.json', 'samples/1_epoch_1.json', 'summaries.json']);
    expect([...read.members.keys()]).toEqual(['header.json', 'samples/1_epoch_1.json']);
  });
});
