import { isHashed } from '../core/fileHash';
import type { Analysis } from '../core/analyze';
import type { ParsedInput, SeqRecord } from '../core/model';
import { firstNotBefore } from '../core/sessionBoundaries';
import { recordIndexOf } from '../state/selectors';

/** What stands at a line of an input, for raw file order's Go to line. */
export type LineTarget =
  /** A record of the table: its position in `Analysis.records`. */
  | { readonly kind: 'here'; readonly index: number }
  /** A record of the input that the table does not list (another session's, or not an eval record). */
  | { readonly kind: 'elsewhere'; readonly index: number; readonly record: SeqRecord }
  | { readonly kind: 'rejected'; readonly reason: string }
  | { readonly kind: 'blank' }
  /** Neither a record, rejected nor counted blank: a line a real format's reader reads and keeps no record of. */
  | { readonly kind: 'no-record' }
  | { readonly kind: 'beyond'; readonly lines: number };

/** The first record of `records` (storage order: input by input, line by line) at or after line `line` of input `file`. */
function firstAtOrAfter(records: readonly SeqRecord[], file: number, line: number): number {
  return firstNotBefore(records.length, (k) => {
    const r = records[k]!;
    return r.fileIndex < file || (r.fileIndex === file && r.line < line);
  });
}

function recordAt(records: readonly SeqRecord[], file: number, line: number): SeqRecord | undefined {
  const r = records[firstAtOrAfter(records, file, line)];
  if (r && r.fileIndex === file && r.line === line) return r;
  // A rollout stored by ordinal need not be in line order (see orderBoundaries' fileRun), where the search can miss: the input's records are read.
  for (let k = firstAtOrAfter(records, file, 0); k < records.length && records[k]!.fileIndex === file; k++) {
    if (records[k]!.line === line) return records[k];
  }
  return undefined;
}

/**
 * What is at line `line` of input `file`: binary searches of the table's
 * records and of `Analysis.records`, so a Go to a record at 10^6 records reads
 * a few dozen of them; a line the searches miss reads the input's records once.
 * Both are in storage order (the first of several records on one line is the
 * one gone to).
 */
export function lineTarget(analysis: Analysis, records: readonly SeqRecord[], file: number, line: number): LineTarget {
  const input = analysis.inputs[file];
  if (!input || line > input.lines) return { kind: 'beyond', lines: input?.lines ?? 0 };
  const here = recordAt(records, file, line);
  const positions = recordIndexOf(analysis);
  if (here) return { kind: 'here', index: positions.get(here)! };
  const other = recordAt(analysis.records, file, line);
  if (other) return { kind: 'elsewhere', index: positions.get(other)!, record: other };
  // Once per Go, not per keystroke; rejected lines are kept in the order they were read.
  const rejected = input.rejected.find((r) => r.line === line);
  if (rejected) return { kind: 'rejected', reason: rejected.reason };
  // Every line is a record, rejected or blank when the counts add up (native inputs); blank lines are counted, not listed.
  const kept = firstAtOrAfter(analysis.records, file + 1, 0) - firstAtOrAfter(analysis.records, file, 0);
  const counted = kept + input.rejected.length + input.blank === input.lines;
  return counted && input.blank > 0 ? { kind: 'blank' } : { kind: 'no-record' };
}

/** What names an input chosen in a list across loads: its SHA-256, or its name (distinct among the open inputs) until it is hashed. */
export const choiceKeyOf = (input: Pick<ParsedInput, 'name' | 'sha256'>): string => (isHashed(input) ? input.sha256 : `name:${input.name}`);

/**
 * Where among `inputs` the input chosen (choiceKeyOf) is now; once it is closed (or before any
 * choice), `fallback`, the file of the table's first record, kept within the inputs open.
 */
export function chosenInput(inputs: readonly Pick<ParsedInput, 'name' | 'sha256'>[], chosen: string | null, fallback: number): number {
  const at = chosen === null ? -1 : inputs.findIndex((input) => choiceKeyOf(input) === chosen || `name:${input.name}` === chosen);
  return at >= 0 ? at : Math.max(0, Math.min(fallback, inputs.length - 1));
}

/**
 * A line number as typed: `48213`, `48,213` or `48 213`; null for anything else. Separators must group by
 * thousands, one kind throughout: `1,0` is more likely a slip than line 10, and going there would say nothing.
 */
export function parseLineNumber(text: string): number | null {
  const typed = text.trim();
  if (!/^\d+$/.test(typed) && !/^\d{1,3}(?:([,\s_])\d{3})(?:\1\d{3})*$/.test(typed)) return null;
  const digits = typed.replace(/[,\s_]/g, '');
  if (!/^\d{1,15}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 ? n : null;
}
