// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadInput } from '../io/loadInput';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { RejectedLines } from './RejectedLines';

async function show(...files: [name: string, text: string][]) {
  const analysis = analyze(await Promise.all(files.map(([name, text], i) => loadInput(name, new TextEncoder().encode(text), i))));
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<RejectedLines />);
  return screen.getByRole('region', { name: 'Rejected lines' }).textContent!;
}

/** The region keeps the specification's name; what it counts is said by its list's name. */
const listName = () => screen.getByRole('list').getAttribute('aria-label');
const badArray = JSON.stringify([{ kind: 'input', id: 'a', accept_seq: 1 }, 7], null, 2);
const badLines = '{"kind":"input","id":"a","accept_seq":1}\nnot json\n';

describe('rejected lines', () => {
  afterEach(cleanup);

  it('counts and names the items of a JSON document as items, once each, in the region the specification names Rejected lines', async () => {
    const text = await show(['doc.json', badArray]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Rejected lines');
    expect(listName()).toBe('Rejected items');
    expect(text).toContain('1 item was not read as a record; every other item was.');
    expect(text).toContain('item 2: ');
    expect(text).not.toContain('line 2');
  });

  it('and the lines of JSON Lines as lines', async () => {
    const text = await show(['log.jsonl', badLines]);
    expect(listName()).toBe('Rejected lines');
    expect(text).toContain('1 line was not read as a record; every other line was.');
    expect(text).toContain('line 2: not valid JSON');
  });

  it('does not say every other line was read when none was', async () => {
    const text = await show(['pasted.jsonl', 'not json\n{"broken": \n']);
    expect(text).toContain('No line was read as a record: all 2 lines were rejected.');
    expect(text).not.toContain('every other');
  });

  it('says lines when the rejecting inputs mix lines and items, each row keeping its own noun', async () => {
    const text = await show(['doc.json', badArray], ['log.jsonl', badLines]);
    expect(listName()).toBe('Rejected lines');
    expect(text).toContain('2 lines were not read as records; every other line was.');
    expect(text).toContain('item 2: ');
    expect(text).toContain('line 2: not valid JSON');
  });

  it('goes by the inputs that rejected something: a clean JSON Lines input beside a JSON document leaves items', async () => {
    await show(['doc.json', badArray], ['clean.jsonl', '{"kind":"input","id":"b","accept_seq":2}\n']);
    expect(listName()).toBe('Rejected items');
  });

  it('places a reason written without its place by the input\'s own noun', async () => {
    const a = analyze([await loadInput('doc.json', new TextEncoder().encode('[{"kind":"input","id":"a"}]'), 0)]);
    const analysis = { ...a, inputs: a.inputs.map((i) => ({ ...i, rejected: [{ line: 3, reason: 'cut off while being written' }] })) };
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    render(<RejectedLines />);
    expect(screen.getByRole('region', { name: 'Rejected lines' }).textContent).toContain('item 3: cut off while being written');
  });

  it('reads only the rows it draws of a long list, not every rejected line of every input', async () => {
    const a = analyze([await loadInput('a.jsonl', new TextEncoder().encode(badLines), 0), await loadInput('doc.json', new TextEncoder().encode(badArray), 1)]);
    const many = Array.from({ length: 100_000 }, (_, i) => ({ line: i + 3, reason: `not valid JSON ${i}` }));
    let read = 0;
    const counted = new Proxy(many, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const analysis = { ...a, inputs: [{ ...a.inputs[0]!, rejected: counted }, a.inputs[1]!] };
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    render(<RejectedLines />);
    const text = screen.getByRole('region', { name: 'Rejected lines' }).textContent!;
    expect(text).toContain('100,001 lines were not read as records');
    expect(read).toBeLessThan(1000);
  });
});
