import { unzipSync } from 'fflate';
import type { JsonObject } from '../core/model';
import { isObject } from './derivedRecord';
import type { FormatBody, FormatProbe, TextFormat } from './formats';
import { inspectRecords, type InspectSample } from './inspectRecords';
import { describeJsonError } from './jsonError';
import { arrayElementSpans } from './jsonSpans';
import { wholeDocumentRejection } from './wholeDocument';

/** An EvalLog document: `{version, status, eval: {task, run_id, ...}, ...}`. */
function isEvalLog(v: unknown): boolean {
  return isObject(v) && isObject(v.eval) && (typeof v.eval.task === 'string' || typeof v.eval.run_id === 'string') && 'status' in v;
}

export const inspectJsonFormat: TextFormat = {
  id: 'inspect-json',
  label: 'Inspect AI eval log (.json)',
  sniff: (probe) =>
    isEvalLog(probe.document) ||
    (probe.documentError !== null && /"eval"\s*:\s*\{/.test(probe.head) && /"run_id"\s*:/.test(probe.head) && /"status"\s*:/.test(probe.head)),
  parse: (text, fileName, fileIndex, probe) => parseInspectJson(text, fileName, fileIndex, probe),
};

/** A `.json` EvalLog: the samples are `samples[]`, each record points at its sample's text. */
export function parseInspectJson(text: string, fileName: string, fileIndex: number, probe: FormatProbe): FormatBody {
  if (!isEvalLog(probe.document)) return wholeDocumentRejection('inspect-json', 'an Inspect eval log', text, probe);
  const log = probe.document as JsonObject;
  const list = Array.isArray(log.samples) ? log.samples : [];
  const spans = arrayElementSpans(text, ['samples']) ?? [];
  const samples: InspectSample[] = list.map((value, i) => ({
    value,
    parseError: null,
    source: `samples[${i}]`,
    offset: spans[i]?.start ?? -1,
    length: spans[i] ? spans[i].end - spans[i].start : 0,
  }));
  const body = inspectRecords(log, samples, fileName, fileIndex);
  if (!Array.isArray(log.samples)) {
    body.notes.push({ line: null, message: 'this log holds no samples (written with log_samples off, or a header only): there is nothing to count.' });
  }
  return { format: 'inspect-json', lines: body.lines, blank: 0, rejected: body.rejected, records: body.records, notes: body.notes };
}

const SAMPLE_MEMBER = /^samples\/.+\.json$/;

/** A `.eval` log is a zip whose `header.json` (or, while running, `_journal/start.json`) names it. */
export function isInspectEvalZip(entries: readonly string[]): boolean {
  return entries.includes('header.json') || entries.includes('_journal/start.json');
}

/**
 * A `.eval` zip: `header.json`, `samples/{id}_epoch_{n}.json`, summaries and
 * journal. The input's text is the sample members one after another (each
 * followed by a newline), so every record can show the JSON it came from.
 */
export function parseInspectEval(zip: Record<string, Uint8Array>, fileName: string, fileIndex: number): FormatBody & { text: string } {
  const decoder = new TextDecoder('utf-8');
  const readJson = (name: string): unknown => {
    const bytes = zip[name];
    if (!bytes) return undefined;
    try {
      return JSON.parse(decoder.decode(bytes));
    } catch {
      return undefined;
    }
  };
  let header = readJson('header.json');
  const notes = [];
  if (!isObject(header)) {
    const start = readJson('_journal/start.json');
    header = isObject(start) ? { ...start, status: 'started' } : {};
    notes.push({ line: null, message: 'the zip has no readable header.json, so the eval had not finished writing it; the journal start record describes it.' });
  }
  const parts: string[] = [];
  let offset = 0;
  const samples: InspectSample[] = [];
  for (const name of Object.keys(zip)) {
    if (!SAMPLE_MEMBER.test(name)) continue;
    const raw = decoder.decode(zip[name]);
    let value: unknown;
    let parseError: string | null = null;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      parseError = describeJsonError(e);
    }
    samples.push({ value, parseError, source: name, offset, length: raw.length });
    parts.push(raw, '\n');
    offset += raw.length + 1;
  }
  const body = inspectRecords(header as JsonObject, samples, fileName, fileIndex);
  return {
    format: 'inspect-eval',
    lines: body.lines,
    blank: 0,
    rejected: body.rejected,
    records: body.records,
    notes: [...notes, ...body.notes],
    text: parts.join(''),
  };
}

/** Unzips only what the reader uses, so attachments and journals of a large log are never inflated. */
export function unzipInspectEval(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes, {
    filter: (f) => f.name === 'header.json' || f.name === '_journal/start.json' || SAMPLE_MEMBER.test(f.name),
  });
}

/** The member names of a zip, read from its directory without inflating anything. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        names.push(f.name);
        return false;
      },
    });
  } catch {
    return [];
  }
  return names;
}
