import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import type { JsonObject } from '../core/model';
import { INSPECT_PASS_THRESHOLD, statusOfScoreValue } from './inspectScore';
import { loadInput, UnreadableInputError } from './loadInput';
import { loadText } from './test/samples';

const evalSpec = { task: 'arith', run_id: 'run-1', eval_id: 'ev-1', created: '2026-01-01T00:00:00Z' };
const results = (...scorers: string[]) => ({ total_samples: 2, completed_samples: 2, scores: scorers.map((name) => ({ name, scorer: name })) });
const sample = (id: number | string, epoch: number, scores: JsonObject | undefined, extra: JsonObject = {}) => ({ id, epoch, input: `q${id}`, target: 'a', ...(scores ? { scores } : {}), ...extra });

function evalZip(members: Record<string, unknown>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(members)) files[name] = strToU8(typeof value === 'string' ? value : JSON.stringify(value));
  return zipSync(files);
}

describe('Inspect .eval logs', () => {
  const zip = evalZip({
    'header.json': { version: 2, status: 'success', eval: evalSpec, results: results('match', 'f1') },
    'samples/1_epoch_1.json': sample(1, 1, { match: { value: 'C', explanation: 'ok' }, f1: { value: 0.4 } }),
    'samples/1_epoch_2.json': sample(1, 2, { match: { value: 'C' }, f1: { value: 0.9 } }, { error: { message: 'sandbox died' } }),
    'samples/2_epoch_1.json': '{"id": 2, "epoch": 1, "scores": {"match"',
    'summaries.json': [],
  });

  it('makes one eval record per sample × epoch × scorer, with provenance and the scorer in the identity', async () => {
    const input = await loadInput('log.eval', zip, 0);
    expect(input.format).toBe('inspect-eval');
    expect(input.records.map((r) => [r.line, r.data.case_id, r.data.status, r.data.source])).toEqual([
      [1, 'arith sample 1 epoch 1 scorer match', 'pass', 'samples/1_epoch_1.json'],
      [2, 'arith sample 1 epoch 1 scorer f1', 'fail', 'samples/1_epoch_1.json'],
      [3, 'arith sample 1 epoch 2 scorer match', 'error', 'samples/1_epoch_2.json'],
      [4, 'arith sample 1 epoch 2 scorer f1', 'error', 'samples/1_epoch_2.json'],
    ]);
    expect(input.records.every((r) => r.data.run_id === 'run-1' && r.kind === 'eval')).toBe(true);
    expect(input.records[1]!.data).toMatchObject({ score: 0.4, status_basis: `0.4 < threshold ${INSPECT_PASS_THRESHOLD}` });
    expect(input.records[0]!.data.note).toBe('ok');
    // Each record shows the member it came from.
    const r = input.records[2]!;
    expect(JSON.parse(input.text.slice(r.offset, r.offset + r.length))).toEqual(r.data.inspect);
  });

  it('rejects a member that is not valid JSON with its item number and name, and keeps the rest', async () => {
    const input = await loadInput('log.eval', zip, 0);
    expect(input.rejected).toEqual([
      {
        line: 5,
        reason: "item 5 (samples/2_epoch_1.json): not valid JSON: it ends early, after line 1, column 40 (Expected ':' after property name), so the member was probably cut off",
      },
    ]);
    expect(input.lines).toBe(input.records.length + input.rejected.length);
    const summary = analyze([input]).evals!.summary;
    expect(summary).toMatchObject({ observations: 4, pass: 1, fail: 1, error: 2, pass_rate: 0.25 });
  });

  it('says so when the eval was still running (no header yet)', async () => {
    const started = evalZip({ '_journal/start.json': { version: 2, eval: evalSpec, plan: {} }, 'samples/1_epoch_1.json': sample(1, 1, { match: { value: 'I' } }) });
    const input = await loadInput('running.eval', started, 0);
    expect(input.notes.map((n) => n.message).join('\n')).toMatch(/no readable header\.json[\s\S]*status "started": it was still running/);
    expect(input.records.map((r) => r.data.case_id)).toEqual(['arith sample 1 epoch 1']);
  });

  it('refuses a cut-off .eval (its zip directory is missing) as unreadable', async () => {
    await expect(loadInput('cut.eval', zip.slice(0, zip.length - 30), 0)).rejects.toThrow(/^cut\.eval: a zip archive whose end is missing .*, so the file was probably cut off while being written or copied; copy it again/);
  });

  it('notes a sample member listed twice, reads the last, and names invalid UTF-8 in a member', async () => {
    const twice = evalZip({
      'header.json': { version: 2, status: 'success', eval: evalSpec, results: results('match') },
      'samples/1_epoch_1.json': sample(1, 1, { match: { value: 'I' } }),
      'samples/X_epoch_1.json': sample(1, 1, { match: { value: 'C' } }, { note: 'caf\u00e9' }),
    });
    // Give the second member the first one's name, in its local header and in the directory alike.
    const renamed = new TextDecoder('latin1').decode(twice).replaceAll('samples/X_epoch_1.json', 'samples/1_epoch_1.json');
    const bytes = Uint8Array.from(renamed, (c) => c.charCodeAt(0));
    const input = await loadInput('twice.eval', bytes, 0);
    expect(input.records.map((r) => r.data.status)).toEqual(['pass']);
    expect(input.notes[0]!.message).toBe('the zip lists 2 members named samples/1_epoch_1.json; only the last of them is read.');
    const member = Uint8Array.from([...strToU8('{"id":1,"epoch":1,"scores":{"match":{"value":"C","explanation":"x'), 0xff, ...strToU8('y"}}}')]);
    const invalid = zipSync({ 'header.json': strToU8(JSON.stringify({ version: 2, status: 'success', eval: evalSpec })), 'samples/1_epoch_1.json': member });
    const read = await loadInput('latin1.eval', invalid, 0);
    expect(read.records.map((r) => r.data.note)).toEqual(['x\ufffdy']);
    expect(read.notes[0]!.message).toBe('samples/1_epoch_1.json holds bytes that are not valid UTF-8; they are shown as U+FFFD (\ufffd).');
  });

  it('refuses a zip that is not an eval log, saying why', async () => {
    const other = zipSync({ 'readme.txt': strToU8('hi') });
    await expect(loadInput('other.zip', other, 0)).rejects.toThrow(UnreadableInputError);
    await expect(loadInput('other.zip', other, 0)).rejects.toThrow(/not an Inspect AI \.eval log/);
  });
});

describe('Inspect .json logs', () => {
  const log = (status: string, samples: unknown[] | undefined, extra: JsonObject = {}) =>
    JSON.stringify({ version: 2, status, eval: evalSpec, results: results('match'), ...(samples ? { samples } : {}), ...extra }, null, 2);

  it('reads samples[], points each record at its sample text, and keeps unknown fields', async () => {
    const input = await loadText('log.json', log('success', [sample(1, 1, { match: { value: 'C' } }, { future_field: { x: 1 } }), sample('b', 1, { match: { value: true } })]));
    expect(input.format).toBe('inspect-json');
    expect(input.records.map((r) => [r.data.case_id, r.data.status, r.data.source])).toEqual([
      ['arith sample 1 epoch 1', 'pass', 'samples[0]'],
      ['arith sample b epoch 1', 'pass', 'samples[1]'],
    ]);
    const r = input.records[0]!;
    expect(JSON.parse(input.text.slice(r.offset, r.offset + r.length))).toEqual(r.data.inspect);
    expect((r.data.inspect as JsonObject).future_field).toEqual({ x: 1 });
  });

  it('says a cancelled log covers part of the eval when samples it expected are missing', async () => {
    const input = await loadText('cancelled.json', log('cancelled', [sample(1, 1, { match: { value: 'C' } })]));
    expect(input.notes[0]!.message).toBe(
      'Inspect eval log "arith" (run run-1) was cancelled before it finished: the log expected 2 sample records and holds only 1, so its pass rate covers part of the eval.',
    );
  });

  it('says a cancelled log that holds every sample it expected covers the whole run', async () => {
    const both = [sample(1, 1, { match: { value: 'C' } }), sample(2, 1, { match: { value: 'I' } })];
    const input = await loadText('cancelled.json', log('cancelled', both));
    expect(input.notes[0]!.message).toBe(
      'Inspect eval log "arith" (run run-1) has status "cancelled", but it holds all 2 sample records it expected, so its pass rate covers the whole run.',
    );
  });

  it('groups the digits of the sample counts it names, as every count is written', async () => {
    const many = Array.from({ length: 7300 }, (_, k) => sample(k + 1, 1, { match: { value: 'C' } }));
    const whole = (await loadText('cancelled.json', log('cancelled', many, { results: { ...results('match'), total_samples: 7300 } }))).notes[0]!.message;
    expect(whole).toBe('Inspect eval log "arith" (run run-1) has status "cancelled", but it holds all 7,300 sample records it expected, so its pass rate covers the whole run.');
    const part = (await loadText('cancelled.json', log('cancelled', many, { results: { ...results('match'), total_samples: 10_000 } }))).notes[0]!.message;
    expect(part).toMatch(/the log expected 10,000 sample records and holds only 7,300, so/);
  });

  it('never calls a cancelled log whole when a sample was rejected or one was written twice', async () => {
    const repeated = [sample(1, 1, { match: { value: 'C' } }), sample(1, 1, { match: { value: 'C' } })];
    expect((await loadText('cancelled.json', log('cancelled', repeated))).notes[0]!.message).toBe(
      'Inspect eval log "arith" (run run-1) was cancelled before it finished: the log expected 2 sample records and holds only 1, so its pass rate covers part of the eval.',
    );
    const broken = [sample(1, 1, { match: { value: 'C' } }), { ...sample(2, 1, { match: { value: 'I' } }), epoch: 'x' }];
    expect((await loadText('cancelled.json', log('cancelled', broken))).notes[0]!.message).toBe(
      'Inspect eval log "arith" (run run-1) was cancelled before it finished: 1 sample could not be read, and 1 sample record of the 2 it expected was read, so its pass rate covers part of the eval at most.',
    );
  });

  it('takes the samples a cancelled log expected from its sample ids and epochs when it has no results, never the dataset size', async () => {
    const spec = { ...evalSpec, dataset: { name: 'd', samples: 100, sample_ids: [1, 2] }, config: { limit: 2, epochs: 2 } };
    const text = JSON.stringify({ version: 2, status: 'cancelled', eval: spec, samples: [sample(1, 1, undefined), sample(2, 1, undefined), sample(1, 2, undefined)] });
    const input = await loadText('cancelled.json', text);
    expect(input.notes[0]!.message).toMatch(/was cancelled before it finished: the log expected 4 sample records and holds only 3,/);
    const unsaid = JSON.stringify({ version: 2, status: 'cancelled', eval: evalSpec, samples: [sample(1, 1, undefined)] });
    expect((await loadText('cancelled.json', unsaid)).notes[0]!.message).toBe(
      'Inspect eval log "arith" (run run-1) was cancelled before it finished and does not say how many samples it expected; it holds 1 sample record, so its pass rate may cover only part of the eval.',
    );
  });

  it('says a log that ended in an error holds what it holds, the verb agreeing with one record', async () => {
    const input = await loadText('error.json', log('error', [sample(1, 1, { match: { value: 'C' } })], { error: { message: 'boom' } }));
    expect(input.notes[0]!.message).toBe('Inspect eval log "arith" (run run-1) ended in an error (boom); it holds 1 sample record (the log expected 2).');
  });

  it('rejects samples without an id and keeps counting', async () => {
    const input = await loadText('bad.json', log('success', [{ epoch: 1 }, 'x', sample(3, 1, undefined)]));
    expect(input.rejected.map((r) => r.reason)).toEqual([
      'item 1 (samples[0]): a sample needs an id (a string or a number), got nothing',
      'item 2 (samples[1]): a sample must be a JSON object, found a string "x"',
    ]);
    expect(input.records.map((r) => [r.line, r.data.status, r.data.status_basis])).toEqual([[3, 'unknown', 'the sample has no score']]);
  });

  it('quotes an epoch beyond 2^53 − 1 as the file writes it, in a .json log and in an .eval member', async () => {
    const big = '9007199254740993';
    const reason = (source: string) => `item 1 (${source}): epoch must be a non-negative integer of at most 9007199254740991 (2^53 − 1), the largest a JSON number holds exactly; got ${big}`;
    const json = await loadText('big.json', log('success', [sample(1, 7, undefined)]).replace('"epoch": 7', `"epoch": ${big}`));
    expect(json.rejected).toEqual([{ line: 1, reason: reason('samples[0]') }]);
    const header = { version: 2, status: 'success', eval: evalSpec, results: results('match') };
    const zip = evalZip({ 'header.json': header, 'samples/1_epoch_1.json': JSON.stringify(sample(1, 7, undefined)).replace('"epoch":7', `"epoch":${big}`) });
    const fromZip = await loadInput('big.eval', zip, 0);
    expect(fromZip.rejected).toEqual([{ line: 1, reason: reason('samples/1_epoch_1.json') }]);
  });

  it('rejects a cut-off log as one document, saying where it breaks', async () => {
    const text = log('success', [sample(1, 1, { match: { value: 'C' } })]);
    const input = await loadText('cut.json', text.slice(0, text.length - 40));
    expect(input.format).toBe('inspect-json');
    expect(input.lines).toBe(1);
    expect(input.rejected[0]!.reason).toMatch(/^line 1: this looks like an Inspect eval log but is not valid JSON: it ends early, after text line \d+, column \d+ \(.*\), so the file was probably cut off$/);
  });

  it('says where a log cut off after a member name ends, though the engine names no position there', async () => {
    const text = log('success', [sample(1, 1, { match: { value: 'C' } })]);
    const cut = text.slice(0, text.indexOf('"run_id":') + '"run_id":'.length);
    const input = await loadText('cut.json', cut);
    expect(input.rejected).toEqual([
      {
        line: 1,
        reason: 'line 1: this looks like an Inspect eval log but is not valid JSON: it ends early, after text line 6, column 13 (Unexpected end of JSON input), so the file was probably cut off',
      },
    ]);
  });

  it('names an unexpected character in a log and where it is', async () => {
    const text = log('success', [sample(1, 1, { match: { value: 'C' } })]).replace('"status": "success"', '"status": success');
    const input = await loadText('bad.json', text);
    expect(input.rejected[0]!.reason).toBe(`line 1: this looks like an Inspect eval log but is not valid JSON: unexpected character "s" at text line 3, column 13 (Unexpected token 's')`);
  });

  it('tells a log read twice (.json and .eval of one run) from a conflict', async () => {
    const a = await loadText('log.json', log('success', [sample(1, 1, { match: { value: 'C' } })]));
    const b = await loadInput('log.eval', evalZip({ 'header.json': JSON.parse(log('success', undefined)), 'samples/1_epoch_1.json': sample(1, 1, { match: { value: 'C' } }) }), 1);
    const analysis = analyze([a, b]);
    expect(analysis.findings.map((f) => f.code)).toEqual(['eval-annotation-variance']);
    expect(analysis.evals!.summary).toMatchObject({ observations: 1, disputed: 0, pass: 1 });
  });

  it('warns that runs cannot be told apart when the log has no run_id', async () => {
    const text = JSON.stringify({ version: 2, status: 'success', eval: { task: 't' }, samples: [sample(1, 1, { s: { value: 1 } })] });
    const input = await loadText('norun.json', text);
    expect(analyze([input]).findings.map((f) => f.code)).toEqual(['eval-weak-identity']);
  });
});

describe('Inspect score values', () => {
  it.each([
    ['C', 'pass'],
    ['I', 'fail'],
    ['N', 'fail'],
    ['P', 'unknown'],
    [true, 'pass'],
    [false, 'fail'],
    [1, 'pass'],
    [INSPECT_PASS_THRESHOLD, 'pass'],
    [0.49, 'fail'],
    [null, 'unknown'],
    [{ a: 1 }, 'unknown'],
    ['maybe', 'unknown'],
  ] as const)('%j is %s', (value, status) => {
    expect(statusOfScoreValue(value as never).status).toBe(status);
  });
});
