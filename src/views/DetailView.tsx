import type { ReactNode } from 'react';
import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { MoveCutoffTo } from './MoveCutoffTo';
import { isNativeFormat } from '../core/nativeFormat';
import { placeNoun } from '../core/place';
import { linksOf } from '../state/links';
import { locationOf, rawTextOf } from '../state/selectors';
import { useStore } from '../state/store';
import { inputChangesNothing, kindLabel } from '../viz/categories';
import { noRecordToShowText } from './nothingRead';
import { evalIdentityOf } from '../core/evalGroups';
import { RecordFields } from './RecordFields';
import { RecordLinksList } from './RecordLinksList';
import { Marked } from './Marked';
import { ChosenFindingNote } from './FindingNote';
import { NoteEditor } from './NoteEditor';
import { LongText } from './LongText';
import { RecordPlace } from './RecordPlace';
import { SelectionChips } from './SelectionChips';
import { recordTarget } from '../state/annotations';
import { useRawLinesVersion } from '../state/rawLines';

/** The focused record: where it is, its fields (unknown ones too), its raw line as stored, and its links. */
export function DetailView() {
  const analysis = useStore((s) => s.analysis);
  const selection = useStore((s) => s.selection);
  const n = useStore((s) => s.cutoff);
  const session = useStore((s) => s.session);
  // A record of a large file takes notes once the file is hashed (see recordTarget); this count says when.
  useStore((s) => s.hashesSettled);
  const focus = selection.focus;
  const record = analysis && focus !== null ? analysis.records[focus] : undefined;
  return (
    // With no record it is as tall as its text: given the side column's height, it was a large blank box.
    <section className={record ? 'panel detail' : 'panel detail detail-empty'} aria-labelledby="detail-heading">
      <div className="panel-head">
        <h2 id="detail-heading">Record</h2>
        {record && analysis && (
          <span className="mono detail-loc">
            <Marked text={locationOf(analysis, record)} />
          </span>
        )}
      </div>
      <ChosenFindingNote />
      {/* Keys of their own kind: a finding's number and a record's number are siblings' keys here, and a finding 0 beside record 0 left a row of chips behind. */}
      {selection.records.length > 1 && analysis && <SelectionChips key={`finding-${selection.finding ?? 'none'}`} analysis={analysis} records={selection.records} focus={focus} />}
      {!record || !analysis ? (
        analysis && <p className="muted">{choosePromptText(analysis)}</p>
      ) : (
        <RecordBody key={`record-${focus!}`} analysis={analysis} record={record} index={focus!} n={record.session === session ? n : null} />
      )}
    </section>
  );
}

/**
 * Before a record is chosen: where one can be chosen from, naming only what
 * the page shows (an eval file has no order view, a clean log no finding), or
 * that no record was read at all.
 */
function choosePromptText(analysis: Analysis): string {
  if (analysis.records.length === 0) return noRecordToShowText(analysis.inputs);
  const sessions = analysis.sessions.length > 0;
  const from = [
    ...(sessions ? ['a mark in the order view'] : []),
    ...(analysis.findings.length > 0 ? ['a finding'] : []),
    ...(analysis.evals ? ['an eval result'] : []),
    ...(sessions ? ['a link'] : []),
  ];
  const list = from.length > 1 ? `${from.slice(0, -1).join(', ')} or ${from[from.length - 1]}` : (from[0] ?? 'a record');
  return `Select ${list} to see a record's fields, its raw line and what it refers to.`;
}

function RecordBody({ analysis, record, index, n }: { analysis: Analysis; record: SeqRecord; index: number; n: number | null }) {
  useRawLinesVersion();
  const raw = rawTextOf(analysis, record);
  const format = analysis.inputs[record.fileIndex]?.format;
  // A derived record's data is Seqscope's reading (its fields beside the tool's object), not a re-serialised item.
  const native = format !== undefined && isNativeFormat(format);
  const after = n !== null && record.kind !== 'eval' && record.acceptSeq !== null && record.acceptSeq > n;
  return (
    <div className={after ? 'detail-body after-cutoff-soft' : 'detail-body'}>
      <p className="detail-summary">
        <strong>{kindLabel(record)}</strong>{' '}
        {record.kind === 'eval' ? (
          <EvalIdentityOf record={record} />
        ) : (
          <>
            <span className="mono">
              <Marked text={String(record.id)} />
            </span>
            {!record.hasId && <SummaryBadge severity="warning">no id</SummaryBadge>}
          </>
        )}
        {record.kind !== 'eval' && (
          <>
            {' '}
            · session{' '}
            <span className="mono">
              <Marked text={record.session} />
            </span>{' '}
            ·{' '}
            {record.acceptSeq === null ? 'no accept_seq' : `accept_seq ${record.acceptSeq}`}
            {!record.accepted && <SummaryBadge severity="info">not accepted</SummaryBadge>}
            {after && <SummaryBadge severity="info">accepted after N = {n}</SummaryBadge>}
            {inputChangesNothing(record) && (
              <SummaryBadge severity="warning" title="Only allow, revoke, set and unset (or a list of effects) change the state; this input is kept and ordered, and sets nothing.">
                op not read: changes nothing
              </SummaryBadge>
            )}
          </>
        )}
      </p>
      {after && record.accepted && <MoveCutoffTo seq={record.acceptSeq!} n={n} />}
      <RecordPlace analysis={analysis} record={record} />
      <NoteEditor target={recordTarget(analysis, index)} what="record" />
      <h3 className="sub-head">
        {!raw.exact
          ? native
            ? `Item ${record.line} of a JSON document (re-serialised)`
            : `Item ${record.line} as Seqscope read it, not the file's text (its text was not found in the file)`
          : placeNoun(analysis.inputs[record.fileIndex]) === 'item'
            ? `Item ${record.line}, exactly as in the file`
            : `Raw line ${record.line}, exactly as in the file`}
      </h3>
      {raw.pending ? (
        <pre className="raw-line">
          <span className="muted">Reading the line from the file…</span>
        </pre>
      ) : (
        <LongText key={`raw-${index}`} as="pre" className="raw-line" text={raw.text} max={RAW_SHOWN_CHARS} what={placeNoun(analysis.inputs[record.fileIndex])} />
      )}
      <RecordLinksList record={record} links={linksOf(analysis, index)} />
      <h3 className="sub-head">Fields</h3>
      <RecordFields key={`fields-${index}`} record={record} native={native} />
    </div>
  );
}

/**
 * A badge of the summary line, a word apart from what it follows: its margin
 * alone spaces it only on screen, and copied or read aloud the line ran
 * together ('accept_seq 2accepted after N = 1').
 */
function SummaryBadge({ severity, title, children }: { severity: 'info' | 'warning'; title?: string; children: ReactNode }) {
  return (
    <>
      {' '}
      <span className={`badge sev-${severity}`} title={title}>
        {children}
      </span>
    </>
  );
}

/**
 * An eval record is known by its identity, not its id: by case_id and run_id
 * where it has no id (every Inspect and promptfoo result), which is no fault.
 * Only an identity by case alone (repeated runs cannot be told apart) or by
 * neither (missing-id) is marked.
 */
function EvalIdentityOf({ record }: { record: SeqRecord }) {
  const identity = evalIdentityOf(record);
  return (
    <>
      <span className="mono">
        <Marked text={identity.label} />
      </span>
      {identity.basis === 'case+run' && <span className="muted"> (case_id / run_id)</span>}
      {identity.basis === 'case' && <SummaryBadge severity="warning">no run_id</SummaryBadge>}
      {identity.basis === 'synthetic' && <SummaryBadge severity="warning">no id</SummaryBadge>}
    </>
  );
}

/** A raw line is drawn up to this many characters until asked for whole (see LongText): about 30 ms of layout. */
export const RAW_SHOWN_CHARS = 50_000;
