// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadText } from '../io/test/samples';
import { RecordPlace } from './RecordPlace';

describe("a record's place in its file", () => {
  afterEach(cleanup);

  it('writes its line and offsets as they are and groups only how long it is, as the findings and the CLI write them', async () => {
    // Line 1234 of an ASCII file: its byte and character offsets are the same number.
    const lines = Array.from({ length: 1234 }, (_, i) => JSON.stringify({ kind: 'input', id: `m${i + 1}`, op: 'allow', session: 's', accept_seq: i + 1 }));
    lines[1233] = JSON.stringify({ kind: 'note', id: 'long', session: 's', text: 'x'.repeat(1500) });
    const analysis = analyze([await loadText('run.jsonl', lines.join('\n'))]);
    const record = analysis.records.find((r) => r.id === 'long')!;
    render(<RecordPlace analysis={analysis} record={record} />);
    const before = lines.slice(0, 1233).join('\n').length + 1;
    expect(before).toBeGreaterThan(9999);
    expect(screen.getByLabelText('Place in the file').textContent).toBe(`run.jsonl · line 1234 · byte ${before} · char ${before} · 1,551 chars`);
  });
});
