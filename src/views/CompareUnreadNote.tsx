import type { Analysis } from '../core/analyze';
import type { Comparison } from '../core/comparison';
import { runInputsNamed } from '../core/compare';
import { notWhollyRead, partlyComparedSentence } from '../core/notWhollyRead';
import { plural } from '../core/countText';
import { placesNoun } from '../core/place';
import { Marked } from './Marked';

/** Why a run holds no record: its rejected lines (or items), else that it is empty or blank. */
function whyEmpty(run: Analysis): string {
  const rejected = run.inputs.reduce((n, i) => n + i.rejected.length, 0);
  const noun = placesNoun(run.inputs);
  if (rejected > 0) return `${plural(rejected, noun)} rejected`;
  return run.inputs.every((i) => i.lines === 0) ? 'it is empty' : 'its lines are blank';
}

/**
 * What the comparison says when one run holds no record at all: without it, a file that could not be read (a binary
 * file, the wrong export) showed as a run that diverges, every record of the other run "absent" from it. When neither
 * holds one, the comparison's own sentence (`nothingRead`), as the CLI and the report say it.
 */
export function emptyRunText(result: Pick<Comparison, 'nothingRead'>, base: Analysis, other: Analysis, otherLabel: string): string | null {
  if (result.nothingRead !== null) return result.nothingRead;
  if (other.records.length === 0) return `No record was read from ${otherLabel} (${whyEmpty(other)}), so everything in the open inputs shows as absent from it: this compares with nothing.`;
  if (base.records.length === 0) return `The open inputs hold no record (${whyEmpty(base)}), so everything in ${otherLabel} shows as only in it: this compares nothing with it.`;
  return null;
}

/**
 * What was not read of the runs, beside the verdict: a run with no record, else what of either run was not read whole
 * (a gzip cut off, rejected lines), under which "the runs agree" speaks only of what was read. Beside a run of nothing,
 * only what the other run lost follows: the empty run's rejected lines counted again would say nothing new, but the
 * other run cut short is news the CLI says too.
 */
export function unreadRunText(result: Pick<Comparison, 'nothingRead' | 'notWhollyRead'>, base: Analysis, other: Analysis, otherLabel: string): string | null {
  const empty = emptyRunText(result, base, other, otherLabel);
  if (empty === null) return result.notWhollyRead === null ? null : partlyComparedSentence(result.notWhollyRead);
  if (result.nothingRead !== null) return empty;
  const read = other.records.length === 0 ? runInputsNamed(base, 'base') : runInputsNamed(other, 'other');
  const partly = notWhollyRead(read, { pointers: false });
  return partly === null ? empty : `${empty} ${partlyComparedSentence(partly)}`;
}

export function CompareUnreadNote({ result, base, other, otherLabel }: { result: Comparison; base: Analysis; other: Analysis; otherLabel: string }) {
  const text = unreadRunText(result, base, other, otherLabel);
  if (!text) return null;
  return (
    <p className="compare-unread" role="note">
      <Marked text={text} />
    </p>
  );
}
