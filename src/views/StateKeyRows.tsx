import { useRef } from 'react';
import type { SeqRecord, StateValue } from '../core/model';
import { placeLabel } from '../core/place';
import { clipChars, LABEL_CHARS } from '../core/markdownText';
import type { KeyRow, KeyRowList } from '../state/keyRows';
import { useStore } from '../state/store';
import { clipForDisplay, formatCount, formatValue } from './format';
import { Marked } from './Marked';
import { ScrollEdges } from './ScrollEdges';
import { ScrollX } from './ScrollX';
import { useRowWindow } from './useRowWindow';
import { spacedRows } from '../viz/rowWindow';
import { rowHeight, VIRTUAL_FROM } from './VirtualList';

/** The rows `[0, shown)` of a list: every one laid out up to VIRTUAL_FROM, past it those in view of a scrolled table. */
export function KeyRows({ headers, list, shown }: { headers: readonly [string, string]; list: KeyRowList; shown: number }) {
  if (shown > VIRTUAL_FROM) return <VirtualKeyRows headers={headers} list={list} shown={shown} />;
  const rows: KeyRow[] = [];
  for (let i = 0; i < shown; i++) rows.push(list.row(i));
  return (
    <ScrollX label={`${headers[0]} and ${headers[1]}, scrolls sideways`}>
      <table className="grid state-table">
        <Head headers={headers} />
        <tbody>
          {rows.map((row) => (
            <KeyRowLine key={row.key} row={row} />
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}

/**
 * All the keys of a large state, in a table that scrolls on its own and lays
 * out only the rows in view: 100,000 keys laid out at once held the page
 * 41 s, and then 3.5 s at every cutoff step. Its columns have set widths, so
 * they stay put as other rows scroll in.
 */
function VirtualKeyRows({ headers, list, shown }: { headers: readonly [string, string]; list: KeyRowList; shown: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const win = useRowWindow({ scroller: ref, count: shown, estimate: 26, overscan: 10, heightOf: rowHeight, keyOf: (i) => list.key(i) });
  const { rows, below } = spacedRows(win.rows, win.total);
  return (
    <ScrollEdges className="state-scroll-edges">
      <div ref={ref} className="state-rows-scroll" tabIndex={0} role="group" aria-label={`${headers[0]} and ${headers[1]}, all ${formatCount(shown)} keys, scrolls`}>
        {/* The rows laid out are a window of the table: their count and places are given, so a screen reader says where in it they are. */}
        <table className="grid state-table state-table-fixed" aria-rowcount={shown + 1}>
          <Head headers={headers} />
          <tbody>
            {rows.flatMap(({ index, gap, gapKey }) => {
              const row = list.row(index);
              return [gap > 0 && <tr key={`gap-${gapKey}`} aria-hidden="true" style={{ height: gap }} />, <KeyRowLine key={`row-${row.key}`} row={row} measure={win.measure} index={index} rowIndex={index + 2} />];
            })}
            {below > 0 && <tr aria-hidden="true" style={{ height: below }} />}
          </tbody>
        </table>
      </div>
    </ScrollEdges>
  );
}

function Head({ headers }: { headers: readonly [string, string] }) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col">Key</th>
        <th scope="col">{headers[0]}</th>
        <th scope="col">{headers[1]}</th>
        <th scope="col">
          <span className="visually-hidden">Difference</span>
        </th>
      </tr>
    </thead>
  );
}

function KeyRowLine({ row, measure, index, rowIndex }: { row: KeyRow; measure?: (el: HTMLTableRowElement | null) => void; index?: number; rowIndex?: number }) {
  return (
    <tr ref={measure} data-index={index} aria-rowindex={rowIndex} className={row.flag && row.flag.severity !== 'info' ? 'differs' : undefined}>
      <th scope="row" className="mono">
        <span className="state-key">
          <Marked text={row.key} />
        </span>
      </th>
      <td>
        <Value value={row.left} undetermined={row.leftUndetermined} setter={row.leftSetter} />
      </td>
      <td>
        <Value value={row.right} undetermined={false} setter={row.rightSetter} />
      </td>
      <td>{row.flag && <span className={`badge sev-${row.flag.severity}`}>{row.flag.text}</span>}</td>
    </tr>
  );
}

function Value({ value, undetermined, setter }: { value: StateValue | undefined; undetermined: boolean; setter: SeqRecord | null }) {
  if (value === undefined) return <span className="muted">not set</span>;
  return (
    <span className={`value ${undetermined ? 'unknown' : ''}`}>
      <span className="mono">
        {/* The marker is said bare; a decided string "unknown" is quoted by formatValue, so the two never read alike. */}
        {undetermined ? 'unknown' : <Marked text={clipForDisplay(formatValue(value))} />}
      </span>
      {setter && (
        <span className="muted setter">
          {' '}
          · <Marked text={clipChars(String(setter.id), LABEL_CHARS)} />, <SetterPlace setter={setter} />
        </span>
      )}
    </span>
  );
}

/** `line 5` or `item 5`, or `name:5` with several inputs open, where a bare line number would not say which file. */
function SetterPlace({ setter }: { setter: SeqRecord }) {
  const inputs = useStore((s) => s.analysis?.inputs);
  return <Marked text={placeLabel(inputs ?? [], setter.fileIndex, setter.line)} />;
}
