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
  const rows = inputs?.flatMap((input) => input.rejected.map((r) => ({ file: input.name, noun: placeNoun(input), ...r }))) ?? [];
  if (rows.length === 0) return null;
  const noun = placesNoun(inputs!.filter((i) => i.rejected.length > 0));
  return (
    <section className="panel rejected" aria-labelledby="rejected-heading">
      <div className="panel-head">
        {/* The specification names this region "Rejected lines" whatever the inputs; the summary and each row say items where they are. */}
        <h2 id="rejected-heading">Rejected lines</h2>
        <span className="muted">{rejectedSummary(rows.length, noun)}</span>
      </div>
      {/* Capped in height, the list gave no sign that more lines are below it, a phone showing no scrollbar. */}
      <ScrollEdges className="rejected-scroll">
        <VirtualList
          count={rows.length}
          estimate={22}
          className="rejected-list"
          label={`Rejected ${noun}s`}
          row={(i, props) => {
            const r = rows[i]!;
            return (
              <li key={`${r.file}:${r.line}`} ref={props.measure} data-index={props['data-index']}>
                {inputs!.length > 1 && (
                  <span className="mono loc">
                    <Marked text={r.file} />:{' '}
                  </span>
                )}
                <Marked text={/^(line|item) \d+/.test(r.reason) ? r.reason : `${r.noun} ${r.line}: ${r.reason}`} />
              </li>
            );
          }}
        />
      </ScrollEdges>
    </section>
  );
}

function rejectedSummary(count: number, noun: string): string {
  return `${countOf(count, noun)} ${count === 1 ? 'was not read as a record' : 'were not read as records'}; every other ${noun} was.`;
}
