import { formatCount } from '../core/countText';
import { plural } from '../core/index';
import type { InputNote, JsonObject, JsonValue, RejectedLine, SeqRecord } from '../core/model';
import { derivedRecord, isNonNegativeInteger, isObject, stringOf } from './derivedRecord';
import { nonNegativeIntegerReason } from './integerField';
import { describeValue, jsonTypeName } from './jsonError';
import { statusOfScoreValue } from './inspectScore';

/** One sample as the log holds it: parsed (or why not), where it came from, and its raw text span when known. */
export interface InspectSample {
  readonly value: unknown;
  /** Set when the sample could not even be parsed (a bad zip member). */
  readonly parseError: string | null;
  /** Provenance inside the log: `samples/1_epoch_1.json` in a zip, `samples[0]` in a JSON log. */
  readonly source: string;
  readonly offset: number;
  readonly length: number;
}

export interface InspectBody {
  readonly records: SeqRecord[];
  readonly rejected: RejectedLine[];
  readonly notes: InputNote[];
  /** Items: one per sample × scorer kept, plus one per rejected sample. */
  readonly lines: number;
}

/**
 * Every sample × epoch × scorer of one Inspect log becomes an eval record.
 * Identity is (task, sample id, epoch) as `case_id` within the eval's `run_id`,
 * plus the scorer when the log has several, so two tasks of one eval set and
 * two scorers of one sample never collide.
 */
export function inspectRecords(header: JsonObject, samples: readonly InspectSample[], text: string, fileName: string, fileIndex: number): InspectBody {
  const evalSpec: JsonObject = isObject(header.eval) ? header.eval : {};
  const runId = stringOf(evalSpec.run_id);
  const task = stringOf(evalSpec.task) ?? 'task';
  const scorers = scorerNames(header, samples);
  const several = scorers.size > 1;
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  const notes: InputNote[] = [];
  let item = 0;
  // Distinct (sample, epoch) pairs read: a sample written twice, or one rejected, is not a sample the run holds.
  const held = new Set<string>();
  let rejectedSamples = 0;
  let epochAssumed: number | null = null;

  for (const s of samples) {
    const problem = s.parseError ?? sampleProblem(s.value, s.offset < 0 ? null : text, s.offset);
    if (problem) {
      item++;
      rejectedSamples++;
      rejected.push({ line: item, reason: `item ${item} (${s.source}): ${problem}` });
      continue;
    }
    const sample = s.value as JsonObject;
    const sampleId = sample.id as string | number;
    if (sample.epoch === undefined && epochAssumed === null) epochAssumed = item + 1;
    const epoch = isNonNegativeInteger(sample.epoch) ? sample.epoch : 1;
    held.add(JSON.stringify([sampleId, epoch]));
    const errored = sample.error !== undefined && sample.error !== null;
    const scores = scoresOf(sample);
    const entries: [string | null, JsonObject | null][] = scores.length ? scores : [[null, null]];
    for (const [scorer, score] of entries) {
      item++;
      const value: JsonValue | undefined = score ? score.value : undefined;
      const judged = errored
        ? { status: 'error' as const, basis: `the sample errored: ${errorMessage(sample.error ?? null)}` }
        : score
          ? statusOfScoreValue(value)
          : { status: 'unknown' as const, basis: 'the sample has no score' };
      const fields: JsonObject = {
        case_id: `${task} sample ${sampleId} epoch ${epoch}${several && scorer ? ` scorer ${scorer}` : ''}`,
        status: judged.status,
        status_basis: judged.basis,
        source: s.source,
        task,
        sample_id: sampleId,
        epoch,
      };
      if (runId !== null) fields.run_id = runId;
      if (scorer !== null) fields.scorer = scorer;
      if (value !== undefined) fields.score = value;
      if (score && typeof score.explanation === 'string') fields.note = score.explanation;
      records.push(
        derivedRecord(
          { fileName, fileIndex, line: item, offset: s.offset, length: s.length },
          { kind: 'eval', session: runId ?? task, fields, namespace: 'inspect', original: sample },
        ),
      );
    }
  }
  notes.unshift(...statusNotes(header, { inLog: samples.length, held: held.size, rejected: rejectedSamples }));
  if (epochAssumed !== null) notes.push({ line: epochAssumed, message: 'samples without an epoch are taken as epoch 1.' });
  if (runId === null) {
    notes.push({ line: null, message: 'the log has no eval.run_id: repeated runs of this task cannot be told apart (eval-weak-identity).' });
  }
  return { records, rejected, notes, lines: item };
}

/** Why a sample is not one this reader takes; `text` from `start` is the sample, which a reason quotes a number from. */
function sampleProblem(v: unknown, text: string | null, start: number): string | null {
  if (!isObject(v)) return `a sample must be a JSON object, found ${jsonTypeName(v)} ${describeValue(v)}`;
  const id = v.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
    return `a sample needs an id (a string or a number), got ${describeValue(id)}`;
  }
  if (v.epoch !== undefined && !isNonNegativeInteger(v.epoch)) return nonNegativeIntegerReason('epoch', v.epoch, ['epoch'], text, start);
  if (v.scores !== undefined && v.scores !== null && !isObject(v.scores)) {
    return `scores must be an object of scorer name to score, got ${describeValue(v.scores)}`;
  }
  return null;
}

/** `scores` (name → Score) or, in version 1 logs, a single `score`. */
function scoresOf(sample: JsonObject): [string, JsonObject][] {
  if (isObject(sample.scores)) {
    return Object.entries(sample.scores).map(([name, s]) => [name, isObject(s) ? s : { value: s }]);
  }
  if (isObject(sample.score)) return [['score', sample.score]];
  return [];
}

function scorerNames(header: JsonObject, samples: readonly InspectSample[]): Set<string> {
  const names = new Set<string>();
  const results = isObject(header.results) ? header.results : {};
  if (Array.isArray(results.scores)) for (const s of results.scores) if (isObject(s) && typeof s.name === 'string') names.add(s.name);
  for (const s of samples) if (isObject(s.value)) for (const [name] of scoresOf(s.value)) names.add(name);
  return names;
}

function errorMessage(error: JsonValue): string {
  if (typeof error === 'string') return error;
  if (isObject(error) && typeof error.message === 'string') return error.message;
  return describeValue(error);
}

/** Cancelled, started and failed logs say so: their samples are not the whole eval. */
/** Samples in the log, distinct (sample, epoch) pairs read from them, and samples rejected. */
interface SampleCounts {
  readonly inLog: number;
  readonly held: number;
  readonly rejected: number;
}

function statusNotes(header: JsonObject, counts: SampleCounts): InputNote[] {
  const sampleCount = counts.inLog;
  const status = stringOf(header.status) ?? 'unknown';
  const evalSpec: JsonObject = isObject(header.eval) ? header.eval : {};
  const expected = expectedSamples(header);
  const of = `${plural(sampleCount, 'sample record')}${expected !== null ? ` (the log expected ${formatCount(expected)})` : ''}`;
  const name = `Inspect eval log "${stringOf(evalSpec.task) ?? 'task'}" (run ${stringOf(evalSpec.run_id) ?? 'unknown'})`;
  switch (status) {
    case 'success':
      return [{ line: null, message: `${name}, status "success": ${of}.` }];
    case 'cancelled':
      return [{ line: null, message: cancelledNote(name, counts, expected) }];
    case 'started':
      return [{ line: null, message: `${name} has status "started": it was still running, or its process died, when this file was written; ${of} so far.` }];
    case 'error': {
      const error = header.error ?? null;
      return [{ line: null, message: `${name} ended in an error (${errorMessage(error)}); it holds ${of}.` }];
    }
    default:
      return [{ line: null, message: `${name} has status "${status}", which Seqscope does not know; ${of}.` }];
  }
}

/**
 * How many sample records the run set out to write: Inspect's own count,
 * `results.total_samples` (the samples the run selected, after `limit` or
 * `sample_id`, times epochs), or, in a log cancelled before it had results,
 * its selected `eval.dataset.sample_ids` times `eval.config.epochs`. Never
 * `eval.dataset.samples`: that is the size of the whole dataset, which a
 * limited run never meant to cover.
 */
function expectedSamples(header: JsonObject): number | null {
  const results = isObject(header.results) ? header.results : {};
  if (isNonNegativeInteger(results.total_samples)) return results.total_samples;
  const evalSpec: JsonObject = isObject(header.eval) ? header.eval : {};
  const ids = isObject(evalSpec.dataset) ? evalSpec.dataset.sample_ids : undefined;
  if (!Array.isArray(ids)) return null;
  const epochs = isObject(evalSpec.config) ? evalSpec.config.epochs : undefined;
  return ids.length * (isNonNegativeInteger(epochs) ? epochs : 1);
}

/**
 * A cancelled run may still have written every sample it set out to: only a
 * shortfall makes its pass rate partial. Counted by the samples read (a
 * sample written twice is one, a rejected one is none), and never called
 * whole while a sample was rejected.
 */
function cancelledNote(name: string, counts: SampleCounts, expected: number | null): string {
  const present = counts.held;
  if (counts.rejected > 0) {
    const expecting = expected === null ? '' : ` of the ${formatCount(expected)} it expected`;
    return `${name} was cancelled before it finished: ${plural(counts.rejected, 'sample')} could not be read, and ${plural(present, 'sample record')}${expecting} ${present === 1 ? 'was' : 'were'} read, so its pass rate covers part of the eval at most.`;
  }
  if (expected === null) {
    return `${name} was cancelled before it finished and does not say how many samples it expected; it holds ${plural(present, 'sample record')}, so its pass rate may cover only part of the eval.`;
  }
  if (present < expected) {
    return `${name} was cancelled before it finished: the log expected ${plural(expected, 'sample record')} and holds only ${formatCount(present)}, so its pass rate covers part of the eval.`;
  }
  if (present === expected) {
    const all = expected === 1 ? 'the one sample record' : `all ${formatCount(expected)} sample records`;
    return `${name} has status "cancelled", but it holds ${all} it expected, so its pass rate covers the whole run.`;
  }
  return `${name} has status "cancelled" and holds ${plural(present, 'sample record')}, more than the ${formatCount(expected)} it expected.`;
}
