import { placeNoun, placesNoun } from '../core/place';
import { useEffect, useRef, useState } from 'react';
import type { ParsedInput } from '../core/model';
import { removeInput } from '../state/loader';
import { useStore } from '../state/store';
import { formatBytes, formatCount } from './format';
import { focusOpenFiles } from './LoadControls';
import { Marked, marked } from './Marked';
import { InputHash } from './InputHash';
import { ShowAllToggle } from './ShowAllToggle';

/**
 * Notes listed per input until asked for all: a rollout with a hundred aborted turns listed a note for
 * each, and the header took the first two screens, the order view below them.
 */
export const NOTES_SHOWN = 3;

const placesTitle = (noun: 'line' | 'item') => (noun === 'item' ? 'Items' : 'Lines');

/**
 * Every input with its accounting, so nothing that was read is lost silently.
 * A row's × takes its row away once the inputs left are analysed, and with it keyboard focus, which fell to the
 * page's body: focus goes to the × now in its place (the next input's, else the last one's), or to *Open files*
 * once none is left.
 */
export function InputsHeader() {
  const inputs = useStore((s) => s.analysis?.inputs);
  const section = useRef<HTMLElement>(null);
  // The close pressed, answered by the next inputs shown; its inputs are one fewer, else it never happened (cancelled, failed).
  const closing = useRef<{ at: number; left: number } | null>(null);
  useEffect(() => {
    const pressed = closing.current;
    closing.current = null;
    if (pressed === null || (inputs?.length ?? 0) !== pressed.left) return;
    // Focus moved on meanwhile stays where it went.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const closers = section.current?.querySelectorAll<HTMLButtonElement>('.input-actions button');
    closers?.[Math.min(pressed.at, closers.length - 1)]?.focus();
  }, [inputs]);
  const close = (index: number) => {
    const left = (inputs?.length ?? 1) - 1;
    closing.current = { at: index, left };
    void removeInput(index);
    // The last one closed, everything closes at once and this header goes with the workspace, its effect never run.
    if (left === 0) focusOpenFiles();
  };
  if (!inputs) return null;
  return (
    <section ref={section} className="panel inputs" aria-label="Inputs">
      <table className="grid inputs-table">
        <thead>
          <tr>
            <th scope="col">Input</th>
            <th scope="col">Format</th>
            <th scope="col" className="num">Size</th>
            <th scope="col" className="num">{placesTitle(placesNoun(inputs))}</th>
            <th scope="col" className="num">Records</th>
            <th scope="col" className="num">Rejected</th>
            <th scope="col" className="num">Blank</th>
            <th scope="col">SHA-256</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {inputs.map((input, i) => (
            <InputRow key={`${i}-${input.name}`} input={input} onClose={() => close(i)} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function InputRow({ input, onClose }: { input: ParsedInput; onClose: () => void }) {
  const [allNotes, setAllNotes] = useState(false);
  return (
    <tr>
      <td className="input-name" title={marked(input.name)} data-label="Input">
        <Marked text={input.name} />
        {(allNotes ? input.notes : input.notes.slice(0, NOTES_SHOWN)).map((n, k) => (
          <div key={k} className="input-note">
            {n.line !== null ? `${placeNoun(input)} ${n.line}: ` : ''}
            <Marked text={n.message} />
          </div>
        ))}
        {input.notes.length > NOTES_SHOWN && (
          <div className="input-note input-notes-more">
            <ShowAllToggle all={allNotes} onChange={setAllNotes} showAll={`${formatCount(input.notes.length - NOTES_SHOWN)} more notes`} showFirst="Show fewer notes" className="link-button" />
          </div>
        )}
      </td>
      <td data-label="Format">{input.format}</td>
      <td className="num" data-label="Size">{formatBytes(input.bytes)}</td>
      <td className="num" data-label={placesTitle(placeNoun(input))}>
        {formatCount(input.lines)}
      </td>
      <td className="num" data-label="Records">{formatCount(input.records.length)}</td>
      <td className={`num ${input.rejected.length > 0 ? 'has-rejected' : ''}`} data-label="Rejected">{formatCount(input.rejected.length)}</td>
      <td className="num" data-label="Blank">{formatCount(input.blank)}</td>
      <td className="sha" data-label="SHA-256">
        <InputHash input={input} copy />
      </td>
      <td className="input-actions">
        <button type="button" className="small" onClick={onClose} aria-label={`Close ${marked(input.name)}`}>
          ×
        </button>
      </td>
    </tr>
  );
}
