import type { Annotation } from './annotations';
import type { ExpectedInput } from './hashCheck';
import { EMPTY_URL_VIEW, SHORT_HASH, type LinkedInput, type OrderMode, type UrlView } from './url';

/**
 * An evidence bundle: one JSON file holding the Markdown report, the findings
 * document, the view (inputs by name and hash, session, cutoff, selection,
 * filters), the reviewer's notes and the raw lines the findings cite. It is
 * page state, not a log format: the page recognises it before anything goes
 * to the parsers, and opening it asks for the files it names.
 */
export const BUNDLE_KIND = 'evidence-bundle';

export interface BundleInput {
  readonly name: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly format: string;
}

export interface BundleView {
  readonly session: string | null;
  readonly cutoff: number | null;
  /** The focused record, as input position and line. */
  readonly selection: { readonly file: number; readonly line: number } | null;
  readonly finding: number | null;
  readonly filters: { readonly code: string | null; readonly order: OrderMode };
}

export type BundleNoteTarget =
  | { readonly kind: 'record'; readonly file: string; readonly sha256: string; readonly line: number }
  | { readonly kind: 'finding'; readonly findingIndex: number; readonly key: string };

export interface BundleNote {
  readonly target: BundleNoteTarget;
  readonly note: string;
}

export interface BundleCitation {
  readonly file: string;
  readonly sha256: string;
  readonly line: number;
  /** Character offset in the decoded text; -1 for an item of a JSON document (its text is then its JSON). */
  readonly offset: number;
  readonly exact: boolean;
  readonly text: string;
}

export interface EvidenceBundle {
  readonly seqscope: typeof BUNDLE_KIND;
  readonly version: 1;
  readonly generatedAt: string;
  /** The bundled sample the view was of, when it was one. */
  readonly sample: string | null;
  readonly inputs: readonly BundleInput[];
  readonly comparison: { readonly sample: string | null; readonly inputs: readonly BundleInput[] } | null;
  readonly view: BundleView;
  readonly annotations: readonly BundleNote[];
  readonly cited: readonly BundleCitation[];
  /** How many records the findings, the selection and the notes cite; `cited` may hold fewer. */
  readonly citedTotal: number;
  /** `seqscope check --json` of the inputs, at the view's cutoff. */
  readonly findings: unknown;
  readonly report: string;
}

export type Recognised = { readonly bundle: EvidenceBundle } | { readonly error: string } | null;

const HEAD = /^\uFEFF?\s*\{\s*"seqscope"\s*:\s*"evidence-bundle"/;

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isNullable = <T>(v: unknown, is: (x: unknown) => x is T): v is T | null => v === null || is(v);
const isSha = (v: unknown): v is string => isStr(v) && /^[0-9a-f]{64}$/.test(v);

const isInput = (v: unknown): v is BundleInput => isObj(v) && isStr(v.name) && isSha(v.sha256) && isNat(v.bytes) && isStr(v.format);
const isInputs = (v: unknown): v is BundleInput[] => Array.isArray(v) && v.every(isInput);

function isView(v: unknown): v is BundleView {
  if (!isObj(v) || !isObj(v.filters)) return false;
  const sel = v.selection;
  return (
    isNullable(v.session, isStr) &&
    isNullable(v.cutoff, isNat) &&
    (sel === null || (isObj(sel) && isNat(sel.file) && isNat(sel.line))) &&
    isNullable(v.finding, isNat) &&
    isNullable(v.filters.code, isStr) &&
    (v.filters.order === 'derived' || v.filters.order === 'raw')
  );
}

function isNote(v: unknown): v is BundleNote {
  if (!isObj(v) || !isStr(v.note) || !isObj(v.target)) return false;
  const t = v.target;
  if (t.kind === 'record') return isStr(t.file) && isSha(t.sha256) && isNat(t.line);
  return t.kind === 'finding' && isNat(t.findingIndex) && isStr(t.key);
}

const isCitation = (v: unknown): v is BundleCitation =>
  isObj(v) && isStr(v.file) && isSha(v.sha256) && isNat(v.line) && typeof v.offset === 'number' && typeof v.exact === 'boolean' && isStr(v.text);

/** What is wrong with a parsed bundle, or null when it is one this page can open. */
function problemOf(v: Record<string, unknown>): string | null {
  if (v.version !== 1) return `version ${JSON.stringify(v.version)} is not one this page reads (1)`;
  if (!isInputs(v.inputs) || v.inputs.length === 0) return 'it names no input files (or names one without a full SHA-256)';
  if (!isNullable(v.sample, isStr)) return 'its sample is not a name';
  const c = v.comparison;
  if (c !== null && !(isObj(c) && isNullable(c.sample, isStr) && isInputs(c.inputs))) return 'its comparison is malformed';
  if (!isView(v.view)) return 'its view state is malformed';
  if (!Array.isArray(v.annotations) || !v.annotations.every(isNote)) return 'its notes are malformed';
  if (!Array.isArray(v.cited) || !v.cited.every(isCitation) || !isNat(v.citedTotal)) return 'its cited lines are malformed';
  if (!isStr(v.report) || !isStr(v.generatedAt)) return 'its report is missing';
  return null;
}

/**
 * Recognises an evidence bundle by its content: a JSON object whose first
 * member is `"seqscope": "evidence-bundle"`. Anything else is null (and goes
 * to the log parsers); a file that starts like a bundle but is not a valid
 * one is an error, never read as a log.
 */
export function recogniseBundle(bytes: Uint8Array): Recognised {
  const head = new TextDecoder().decode(bytes.subarray(0, 256));
  if (!HEAD.test(head)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''));
  } catch (e) {
    return { error: `This looks like a Seqscope evidence bundle but is not valid JSON (${e instanceof Error ? e.message : String(e)}).` };
  }
  if (!isObj(parsed)) return { error: 'This looks like a Seqscope evidence bundle but is not a JSON object.' };
  const problem = problemOf(parsed);
  if (problem) return { error: `This Seqscope evidence bundle cannot be opened: ${problem}.` };
  return { bundle: parsed as unknown as EvidenceBundle };
}

/** The view a bundle restores, as URL state (inputs by name and short hash). */
export function bundleUrlView(b: EvidenceBundle): UrlView {
  const linked = (i: BundleInput): LinkedInput => ({ name: i.name, hash: i.sha256.slice(0, SHORT_HASH) });
  const cmp = b.comparison && b.comparison.sample === null ? b.comparison.inputs[0] : undefined;
  return {
    ...EMPTY_URL_VIEW,
    sample: b.sample,
    inputs: b.sample === null ? b.inputs.map(linked) : [],
    session: b.view.session,
    cutoff: b.view.cutoff,
    sel: b.view.selection,
    finding: b.view.finding,
    code: b.view.filters.code,
    order: b.view.filters.order,
    compare: b.comparison?.sample ?? null,
    cmp: cmp ? linked(cmp) : null,
  };
}

/** The files a bundle asks for: each input by its full hash, then the comparison's. */
export function bundleExpected(b: EvidenceBundle): ExpectedInput[] {
  const out: ExpectedInput[] = b.sample === null ? b.inputs.map((i) => ({ name: i.name, hash: i.sha256, role: 'input' })) : [];
  const c = b.comparison;
  if (c && c.sample === null && c.inputs[0]) out.push({ name: c.inputs[0].name, hash: c.inputs[0].sha256, role: 'compare' });
  return out;
}

/** A bundle's notes as the page keeps them. */
export function bundleAnnotations(b: EvidenceBundle): Annotation[] {
  return b.annotations.map(({ target, note }) => ({
    note,
    target: target.kind === 'record' ? { kind: 'record', input: target.sha256, line: target.line } : { kind: 'finding', key: target.key },
  }));
}
