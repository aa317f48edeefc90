import type { Analysis } from '../core/analyze';
import { isHashed } from '../core/fileHash';
import type { ReviewerAnnotation } from '../core/markdownReportOptions';
import { SHORT_HASH } from './url';

/**
 * A reviewer's note on a record (by its input's SHA-256 and line) or on a
 * finding (by a key made of its code, session and the records it names, so
 * the same finding of the same inputs finds its note again). Notes live in
 * the browser's local storage, one entry per input hash; they never change
 * a record.
 */
export type NoteTarget = { readonly kind: 'record'; readonly input: string; readonly line: number } | { readonly kind: 'finding'; readonly key: string };

export interface Annotation {
  readonly target: NoteTarget;
  readonly note: string;
}

/** What one input's local-storage entry holds. */
interface Bucket {
  v: 1;
  records: Record<string, string>;
  findings: Record<string, string>;
}

export type NoteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKey = (sha256: string) => `seqscope:notes:${sha256}`;

/** A finding's identity across loads: code, session and the records it names, each as short input hash and line. */
export function findingKey(analysis: Analysis, index: number): string | null {
  const f = analysis.findings[index];
  if (!f) return null;
  const where = f.recordIndex.map((i) => {
    const r = analysis.records[i];
    const input = r ? analysis.inputs[r.fileIndex] : undefined;
    return r ? (input && !isHashed(input) ? null : `${(input?.sha256 ?? '').slice(0, SHORT_HASH)}:${r.line}`) : '?';
  });
  // A file not hashed yet (a large one, a moment after its view) has no identity to key a note by.
  if (where.includes(null)) return null;
  return `${f.code}|${f.session ?? ''}|${where.join(',')}`;
}

export function recordTarget(analysis: Analysis, index: number): NoteTarget | null {
  const r = analysis.records[index];
  const input = r ? analysis.inputs[r.fileIndex] : undefined;
  return r && input && isHashed(input) ? { kind: 'record', input: input.sha256, line: r.line } : null;
}

export function findingTarget(analysis: Analysis, index: number): NoteTarget | null {
  const key = findingKey(analysis, index);
  return key === null ? null : { kind: 'finding', key };
}

export const targetId = (t: NoteTarget) => (t.kind === 'record' ? `r:${t.input}:${t.line}` : `f:${t.key}`);

/** The input whose entry keeps a note: the record's own, or that of a finding's first record (else the first input). */
function bucketOf(analysis: Analysis, target: NoteTarget): string | null {
  if (target.kind === 'record') return target.input;
  const index = analysis.findings.findIndex((_, i) => findingKey(analysis, i) === target.key);
  const first = index >= 0 ? analysis.records[analysis.findings[index]!.recordIndex[0] ?? -1] : undefined;
  return analysis.inputs[first?.fileIndex ?? 0]?.sha256 ?? null;
}

function readBucket(storage: NoteStorage, sha256: string): Bucket {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey(sha256)) ?? 'null') as Partial<Bucket> | null;
    const strings = (o: unknown): Record<string, string> =>
      Object.fromEntries(Object.entries(o && typeof o === 'object' ? o : {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return { v: 1, records: strings(parsed?.records), findings: strings(parsed?.findings) };
  } catch {
    return { v: 1, records: {}, findings: {} };
  }
}

/** Every note kept for these inputs that is about one of their records' lines or one of these findings. */
export function loadAnnotations(analysis: Analysis, storage: NoteStorage): Annotation[] {
  // Keys of every finding only when some finding has a note: a hundred thousand findings cost a moment each load.
  let keys: Set<string | null> | null = null;
  const out: Annotation[] = [];
  const seen = new Set<string>();
  for (const input of analysis.inputs) {
    if (seen.has(input.sha256) || !isHashed(input)) continue;
    seen.add(input.sha256);
    const bucket = readBucket(storage, input.sha256);
    for (const [line, note] of Object.entries(bucket.records)) {
      if (/^\d+$/.test(line)) out.push({ target: { kind: 'record', input: input.sha256, line: Number(line) }, note });
    }
    for (const [key, note] of Object.entries(bucket.findings)) {
      keys ??= new Set(analysis.findings.map((_, i) => findingKey(analysis, i)));
      if (keys.has(key)) out.push({ target: { kind: 'finding', key }, note });
    }
  }
  return out;
}

/** The notes after one is saved, and whether this browser's storage took the change: not without storage, in private mode or with a full quota. */
export interface SavedAnnotation {
  readonly annotations: Annotation[];
  readonly stored: boolean;
}

/**
 * Keeps (or, with an empty note, removes) one note; returns the new list and
 * whether storage took it. Storage that refuses it leaves the note in the page
 * only, and a reviewer who reloads would find it gone, so the caller is told.
 */
export function keepAnnotation(analysis: Analysis, storage: NoteStorage | null, list: readonly Annotation[], target: NoteTarget, note: string): SavedAnnotation {
  const text = note.replace(/\s+$/, '');
  const id = targetId(target);
  const annotations = list.filter((a) => targetId(a.target) !== id);
  if (text.trim()) annotations.push({ target, note: text });
  const sha = bucketOf(analysis, target);
  if (!storage || !sha) return { annotations, stored: false };
  try {
    const bucket = readBucket(storage, sha);
    const map = target.kind === 'record' ? bucket.records : bucket.findings;
    const key = target.kind === 'record' ? String(target.line) : target.key;
    if (text.trim()) map[key] = text;
    else delete map[key];
    if (Object.keys(bucket.records).length + Object.keys(bucket.findings).length === 0) storage.removeItem(storageKey(sha));
    else storage.setItem(storageKey(sha), JSON.stringify(bucket));
    return { annotations, stored: true };
  } catch {
    return { annotations, stored: false };
  }
}

export function noteOf(list: readonly Annotation[], target: NoteTarget | null): string | null {
  if (!target) return null;
  const id = targetId(target);
  return list.find((a) => targetId(a.target) === id)?.note ?? null;
}

/** The notes as the report takes them: records by file name and line, findings by position; sorted, findings first. */
export function toReviewerAnnotations(analysis: Analysis, list: readonly Annotation[]): ReviewerAnnotation[] {
  const findingIndex = new Map(analysis.findings.map((_, i) => [findingKey(analysis, i), i]));
  const out: { a: ReviewerAnnotation; order: [number, number, number] }[] = [];
  for (const { target, note } of list) {
    if (target.kind === 'finding') {
      const i = findingIndex.get(target.key);
      if (i !== undefined) out.push({ a: { target: { findingIndex: i }, note }, order: [0, i, 0] });
    } else {
      const file = analysis.inputs.findIndex((inp) => inp.sha256 === target.input);
      if (file >= 0) out.push({ a: { target: { file: analysis.inputs[file]!.name, line: target.line }, note }, order: [1, file, target.line] });
    }
  }
  out.sort((x, y) => x.order[0] - y.order[0] || x.order[1] - y.order[1] || x.order[2] - y.order[2]);
  return out.map((o) => o.a);
}

/** The browser's local storage, or null where it cannot be used. */
export function browserStorage(): NoteStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * A bundle's notes added to the page's, each only where the page has no note
 * of its own on that record or finding (the reviewer's own word wins); how
 * many storage refused, which the page then says: they last only as long as
 * the tab.
 */
export function mergeAnnotations(analysis: Analysis, storage: NoteStorage | null, list: readonly Annotation[], notes: readonly Annotation[]): { annotations: Annotation[]; refused: number } {
  let annotations = [...list];
  let refused = 0;
  for (const a of notes) {
    if (noteOf(annotations, a.target) !== null) continue;
    const kept = keepAnnotation(analysis, storage, annotations, a.target, a.note);
    annotations = kept.annotations;
    if (!kept.stored) refused++;
  }
  return { annotations, refused };
}
