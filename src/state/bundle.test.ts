import { describe, expect, it } from 'vitest';
import { recordTarget, findingTarget, keepAnnotation } from './annotations';
import { bundleAnnotations, bundleExpected, bundleUrlView, recogniseBundle, type BundleView } from './bundle';
import { buildBundle } from './bundleBuild';
import { analysisOf, O1 } from './testAnalysis';
import { formatUrlView } from './url';

const view: BundleView = { session: 'o1', cutoff: 1, selection: { file: 0, line: 2 }, finding: 0, filters: { code: 'decision-flip', order: 'raw' } };
const bytes = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v, null, 2));

async function sampleBundle(limit?: number) {
  const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
  let notes = keepAnnotation(a, null, [], recordTarget(a, 0)!, 'stored first').annotations;
  notes = keepAnnotation(a, null, notes, findingTarget(a, 0)!, 'the flip').annotations;
  return { a, bundle: buildBundle({ analysis: a, generatedAt: '2025-09-16T08:00:00.000Z', sample: null, comparison: null, view, annotations: notes, findings: { version: 1 }, report: '# r\n', limit }) };
}

describe('evidence bundle', () => {
  it('round-trips through its own recogniser and restores the view, the files it asks for and the notes', async () => {
    const { a, bundle } = await sampleBundle();
    const back = recogniseBundle(bytes(bundle));
    expect(back).toEqual({ bundle });
    expect(bundle.cited.map((c) => [c.line, c.text])).toEqual([
      [1, JSON.stringify(O1[0])],
      [2, JSON.stringify(O1[1])],
    ]);
    expect(formatUrlView(bundleUrlView(bundle))).toBe(
      `?in=${a.inputs[0]!.sha256.slice(0, 12)}:o1.jsonl&session=o1&cutoff=1&sel=0:2&finding=0&code=decision-flip&order=raw`,
    );
    expect(bundleExpected(bundle)).toEqual([{ name: 'o1.jsonl', hash: a.inputs[0]!.sha256, role: 'input' }]);
    expect(bundleAnnotations(bundle).map((n) => n.note)).toEqual(['stored first', 'the flip']);
  });

  it('says how many lines it cites when it holds fewer', async () => {
    const { bundle } = await sampleBundle(1);
    expect(bundle.cited).toHaveLength(1);
    expect(bundle.citedTotal).toBe(2);
  });

  it('leaves logs and other JSON alone', () => {
    expect(recogniseBundle(bytes('{"kind":"input","id":"a"}\n'))).toBeNull();
    expect(recogniseBundle(bytes({ records: [], seqscope: 'evidence-bundle' }))).toBeNull();
    expect(recogniseBundle(bytes('[{"seqscope":"evidence-bundle"}]'))).toBeNull();
    expect(recogniseBundle(new Uint8Array([0x1f, 0x8b, 0, 0]))).toBeNull();
  });

  it('refuses a file that starts like a bundle but is not one, saying why', async () => {
    expect(recogniseBundle(bytes('{"seqscope":"evidence-bundle","version":1'))).toMatchObject({ error: expect.stringContaining('not valid JSON') });
    const { bundle } = await sampleBundle();
    expect(recogniseBundle(bytes({ ...bundle, version: 2 }))).toMatchObject({ error: expect.stringContaining('version 2') });
    expect(recogniseBundle(bytes({ ...bundle, inputs: [{ name: 'x', sha256: 'abc', bytes: 1, format: 'f' }] }))).toMatchObject({
      error: expect.stringContaining('full SHA-256'),
    });
    expect(recogniseBundle(bytes({ ...bundle, view: { ...bundle.view, cutoff: -1 } }))).toMatchObject({ error: expect.stringContaining('view') });
  });

  it('reads a bundle with a byte-order mark and leading white space', async () => {
    const { bundle } = await sampleBundle();
    expect(recogniseBundle(bytes(`\uFEFF \n${JSON.stringify(bundle)}`))).toEqual({ bundle });
  });
});
