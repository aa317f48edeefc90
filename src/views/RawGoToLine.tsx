import { useId, useState, type FormEvent } from 'react';
import type { Analysis, SessionAnalysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import { useStore } from '../state/store';
import { countOf } from './format';
import { Marked, marked } from './Marked';
import { choiceKeyOf, chosenInput, lineTarget, parseLineNumber, type LineTarget } from './rawLineLookup';

/** What the last Go found, for the line under the form. */
type Outcome = { readonly target: LineTarget; readonly file: number; readonly line: number } | { readonly invalid: true; readonly file: number };

/** A reason without the `line 7: ` it may start with, the sentence naming the line already. */
const reasonAfter = (reason: string, line: number) => reason.replace(new RegExp(`^(line|item) ${line}: `), '');

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/**
 * Go to line for raw file order: a line number (and, with several inputs
 * open, the file) selects the record there as a click on its row would, so
 * `line 48213 of run.jsonl` from `seqscope check` is one step away and not
 * 120 pages of Later rows. Where no record of the table is at the line, it
 * says what is there instead.
 */
export function RawGoToLine({ records, session }: { records: readonly SeqRecord[]; session: SessionAnalysis | null }) {
  const analysis = useStore((s) => s.analysis);
  const selectRecord = useStore((s) => s.selectRecord);
  const id = useId();
  const [text, setText] = useState('');
  // The input chosen, by its SHA-256 (no two open inputs share one) or, until it is hashed, its name: a position would name another file once an earlier one is closed.
  const [chosen, setChosen] = useState<string | null>(null);
  // Kept with the analysis it was found in: its record numbers mean nothing in another one (a file added, closed or read again).
  const [found, setFound] = useState<{ outcome: Outcome; in: Analysis } | null>(null);
  if (!analysis) return null;
  const outcome = found?.in === analysis ? found.outcome : null;
  const inputs = analysis.inputs;
  const multi = inputs.length > 1;
  const file = chosenInput(inputs, chosen, records[0]?.fileIndex ?? 0);
  const noun = placeNoun(inputs[file]);
  const go = (e: FormEvent) => {
    e.preventDefault();
    const line = parseLineNumber(text);
    if (line === null) return setFound({ outcome: { invalid: true, file }, in: analysis });
    const target = lineTarget(analysis, records, file, line);
    setFound({ outcome: { target, file, line }, in: analysis });
    if (target.kind === 'here') selectRecord(target.index);
  };
  return (
    // Named for its table: with eval records open, the session's table and the eval records' each have one.
    <form className="raw-goto" aria-label={`Go to ${noun} in ${session ? `session ${marked(session.session)}` : 'eval records'}`} onSubmit={go}>
      {/* Each label with its field, so a narrow screen wraps between the pairs and not inside one. */}
      <span className="raw-goto-pair">
        <label htmlFor={`${id}-line`}>Go to {noun}</label>
        <input id={`${id}-line`} type="text" inputMode="numeric" autoComplete="off" size={9} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      </span>
      {multi && (
        <span className="raw-goto-pair">
          <label htmlFor={`${id}-file`}>in file</label>
          <select id={`${id}-file`} value={file} onChange={(e) => setChosen(choiceKeyOf(inputs[Number(e.currentTarget.value)]!))}>
            {inputs.map((input, k) => (
              <option key={k} value={k}>
                {marked(input.name)}
              </option>
            ))}
          </select>
        </span>
      )}
      <button type="submit" className="small">
        Go
      </button>
      {/* Always there, empty until a Go: a live region inserted along with its text is often not read out. */}
      <span className="raw-goto-note" role="status">
        {outcome && <OutcomeText outcome={outcome} multi={multi} session={session} onShow={selectRecord} />}
      </span>
    </form>
  );
}

function OutcomeText({ outcome, multi, session, onShow }: { outcome: Outcome; multi: boolean; session: SessionAnalysis | null; onShow: (index: number) => void }) {
  const inputs = useStore((s) => s.analysis?.inputs) ?? [];
  const input = inputs[outcome.file];
  const noun = placeNoun(input);
  const name = input?.name ?? '?';
  const of = multi ? <> of <Marked text={name} /></> : null;
  if ('invalid' in outcome) return <>Enter a {noun} number, 1 to {input?.lines ?? 0}.</>;
  const { target, line } = outcome;
  const place = (
    <>
      {capital(noun)} {line}
      {of}
    </>
  );
  switch (target.kind) {
    case 'here':
      return <>{place} is selected.</>;
    case 'rejected':
      return (
        <>
          {place} was rejected: <Marked text={reasonAfter(target.reason, line)} />
        </>
      );
    case 'blank':
      return <>{place} is blank.</>;
    case 'no-record':
      return <>{place} holds no record: its reader read it and kept none.</>;
    case 'beyond':
      return (
        <>
          There is no {noun} {line}: <Marked text={name} /> has {countOf(target.lines, noun)}.
        </>
      );
    case 'elsewhere': {
      const r = target.record;
      const where = r.kind === 'eval' ? 'an eval record, listed with the eval summary' : <>in session <Marked text={r.session} />{session ? ', not this one' : ''}</>;
      return (
        <>
          {place} is {where}.{' '}
          <button type="button" className="link-button" onClick={() => onShow(target.index)}>
            {r.kind === 'eval' ? 'Show it' : <>Show it in session <Marked text={r.session} /></>}
          </button>
        </>
      );
    }
  }
}
