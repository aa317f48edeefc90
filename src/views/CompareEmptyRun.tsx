import type { Analysis } from '../core/analyze';
import { placesNoun } from '../core/place';
import { formatCount } from './format';
import { Marked } from './Marked';

/** Why a run holds no record: its rejected lines (or items), else that it is empty or blank. */
function whyEmpty(run: Analysis): string {
  const rejected = run.inputs.reduce((n, i) => n + i.rejected.length, 0);
  const noun = placesNoun(run.inputs);
  if (rejected > 0) return `${formatCount(rejected)} ${noun}${rejected === 1 ? '' : 's'} rejected`;
  return run.inputs.every((i) => i.lines === 0) ? 'it is empty' : 'its lines are blank';
}

/**
 * What the comparison says when one run holds no record at all: without it, a file that could not be read (a binary
 * file, the wrong export) showed as a run that diverges, every record of the other run "absent" from it.
 */
export function emptyRunText(base: Analysis, other: Analysis, otherLabel: string): string | null {
  if (other.records.length === 0 && base.records.length === 0) return 'Neither run holds a record, so there is nothing to compare.';
  if (other.records.length === 0) return `No record was read from ${otherLabel} (${whyEmpty(other)}), so everything in the open inputs shows as absent from it: this compares with nothing.`;
  if (base.records.length === 0) return `The open inputs hold no record (${whyEmpty(base)}), so everything in ${otherLabel} shows as only in it: this compares nothing with it.`;
  return null;
}

export function CompareEmptyRun({ base, other, otherLabel }: { base: Analysis; other: Analysis; otherLabel: string }) {
  const text = emptyRunText(base, other, otherLabel);
  if (!text) return null;
  return (
    <p className="compare-empty-run" role="note">
      <Marked text={text} />
    </p>
  );
}
