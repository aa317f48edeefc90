import { useMemo } from 'react';
import { lastAtOrBelow } from '../core/cutoff';
import type { ParsedInput } from '../core/model';
import { placeNoun, placesNoun } from '../core/place';
import { countOf } from './format';
import { useStore } from '../state/store';
import { Marked } from './Marked';
import { ScrollEdges } from './ScrollEdges';
import { VirtualList } from './VirtualList';

/**
 * Lines or items that could not become records, with their reasons; shown
 * only when there are any (a long list renders the rows in view). Items of a
 * JSON document are counted as items, lines of text as lines (placesNoun), in
 * the summary, the list's name and each row.
 */
export function RejectedLines() {
  const inputs = useStore((s) => s.analysis?.inputs);
  const rows = useMemo(() => rejectedRows(inputs ?? []), [inputs]);
  if (rows.count === 0) return null;
  const noun = placesNoun(rows.rejecting);
  return (
    <section className="panel rejected" aria-labelledby="rejected-heading">
      <div className="panel-head">
        {/* The specification names this region "Rejected lines" whatever the inputs; the summary and each row say items where they are. */}
        <h2 id="rejected-heading">Rejected lines</h2>
        <span className="muted">{rejectedSummary(rows.count, noun, inputs!.some((input) => input.records.length > 0))}</span>
      </div>
      {/* Capped in height, the list gave no sign that more lines are below it, a phone showing no scrollbar. */}
      <ScrollEdges className="rejected-scroll">
        <VirtualList
          count={rows.count}
          estimate={22}
          className="rejected-list"
          label={`Rejected ${noun}s`}
          keyOf={(i) => {
            const { input, r } = rows.at(i);
            return `${input.name}:${r.line}`;
          }}
          row={(i, props) => {
            const { input, r } = rows.at(i);
            return (
              <li {...props}>
                {inputs!.length > 1 && (
                  <span className="mono loc">
                    <Marked text={input.name} />:{' '}
                  </span>
                )}
                <Marked text={/^(line|item) \d+/.test(r.reason) ? r.reason : `${placeNoun(input)} ${r.line}: ${r.reason}`} />
              </li>
            );
          }}
        />
      </ScrollEdges>
    </section>
  );
}

/**
 * The rejected lines of every input as one list, row i found in its input's
 * own list: a list copied row by row was a million objects on every render
 * of a file of a million bad lines, to show the thirty in view.
 */
function rejectedRows(inputs: readonly ParsedInput[]) {
  const rejecting = inputs.filter((input) => input.rejected.length > 0);
  const starts: number[] = [];
  let count = 0;
  for (const input of rejecting) {
    starts.push(count);
    count += input.rejected.length;
  }
  const at = (i: number) => {
    const j = lastAtOrBelow(starts, i);
    const input = rejecting[j]!;
    return { input, r: input.rejected[i - starts[j]!]! };
  };
  return { rejecting, count, at };
}

/** "every other line was" claimed lines that were read when not one was (a paste of text that is not a log). */
function rejectedSummary(count: number, noun: string, anyRead: boolean): string {
  if (!anyRead) return `No ${noun} was read as a record: ${count === 1 ? `the only one, ${countOf(count, noun)}, was` : `all ${countOf(count, noun)} were`} rejected.`;
  return `${countOf(count, noun)} ${count === 1 ? 'was not read as a record' : 'were not read as records'}; every other ${noun} was.`;
}
