import { asId } from './fields';
import type { SeqRecord } from './model';

/** How an eval identity is formed: an explicit id, case + run, or case alone (weak); synthetic when neither id nor case. */
export type EvalBasis = 'id' | 'case+run' | 'case' | 'synthetic';

/** What an eval record's identity is made of: its basis, its text (id or case), and for case + run the run. */
interface IdentityParts {
  basis: EvalBasis;
  text: string;
  run: string;
}

/** The one place that decides a record's identity (spec 3.7): the id wins, then case + run, then case alone. */
function readIdentity(r: SeqRecord, into: IdentityParts): void {
  into.run = '';
  if (r.hasId) {
    into.basis = 'id';
    into.text = String(r.id);
    return;
  }
  const caseId = asId(r.data.case_id);
  const runId = caseId === undefined ? undefined : asId(r.data.run_id);
  if (caseId !== undefined && runId !== undefined) {
    into.basis = 'case+run';
    into.text = caseId;
    into.run = runId;
  } else if (caseId !== undefined) {
    into.basis = 'case';
    into.text = caseId;
  } else {
    into.basis = 'synthetic';
    into.text = String(r.id);
  }
}

const KEY_PREFIX: Readonly<Record<EvalBasis, string>> = { id: 'id', 'case+run': 'run', case: 'case', synthetic: 'syn' };

/**
 * The identity key: records with equal keys are one identity (listed by
 * label, then key: groupsByLabel). Joined rather than concatenated: a join makes one
 * flat string, where `+` makes a rope that every comparison of the sort
 * walks (the sort of 189,413 keys took twice as long).
 */
function identityKey(p: IdentityParts): string {
  return p.basis === 'case+run' ? [KEY_PREFIX[p.basis], p.text, p.run].join('\u0000') : [KEY_PREFIX[p.basis], p.text].join('\u0000');
}

function identityLabel(p: IdentityParts): string {
  // Joined, not a template: identities are sorted by label, and a template makes a rope each comparison walks.
  return p.basis === 'case+run' ? [p.text, p.run].join(' / ') : p.text;
}

export function evalIdentityOf(r: SeqRecord): { key: string; basis: EvalBasis; label: string } {
  const parts: IdentityParts = { basis: 'id', text: '', run: '' };
  readIdentity(r, parts);
  return { key: identityKey(parts), basis: parts.basis, label: identityLabel(parts) };
}

/** Eval records grouped by identity, as columns: a group's key, basis and label are made once, when its first record is met. */
export interface EvalGroups {
  /** Per group, in the order of each group's first record. */
  readonly keys: readonly string[];
  readonly bases: readonly EvalBasis[];
  readonly labels: readonly string[];
  /** Per record (by position in the records grouped), the index of its group. */
  readonly groupOfRecord: Int32Array;
}

/**
 * Groups records by identity key in one pass in storage order, without
 * making a key per record: a key made by concatenation is a string Map must
 * flatten and hash on every lookup, while the ids, cases and runs a record
 * holds are strings JSON.parse made once (and internalised, when short) with
 * their hash kept. So groups are found by those texts, one map per basis
 * (keys of different bases never collide: their prefixes differ), and case +
 * run by run, then case.
 */
export function groupEvalRecords(records: readonly SeqRecord[]): EvalGroups {
  const keys: string[] = [];
  const bases: EvalBasis[] = [];
  const labels: string[] = [];
  const groupOfRecord = new Int32Array(records.length);
  const byText: Record<Exclude<EvalBasis, 'case+run'>, Map<string, number>> = { id: new Map(), case: new Map(), synthetic: new Map() };
  // Case + run identities by run, then by case: a sweep repeats a few runs over many cases, so
  // that is a map per run, where by case it would be one per case. A run met with one case so
  // far holds that group alone.
  const byRun = new Map<string, number | Map<string, number>>();
  const textOfGroup: string[] = [];
  // Case + run identities whose case or run holds U+0000, by whole key: `run␀a␀b␀c` is both
  // (a␀b, c) and (a, b␀c), so only the key can say which records are one identity. A key whose
  // case and run hold none has exactly two, so it never meets these; and these never enter byRun.
  const byJoinedKey = new Map<string, number>();
  const parts: IdentityParts = { basis: 'id', text: '', run: '' };

  const newGroup = (): number => {
    keys.push(identityKey(parts));
    bases.push(parts.basis);
    labels.push(identityLabel(parts));
    textOfGroup.push(parts.text);
    return keys.length - 1;
  };

  const caseRunGroup = (): number => {
    const { text: caseId, run: runId } = parts;
    const found = byRun.get(runId);
    if (typeof found === 'number') {
      if (textOfGroup[found] === caseId) return found;
    } else if (found !== undefined) {
      const g = found.get(caseId);
      if (g !== undefined) return g;
    }
    if (caseId.includes('\u0000') || runId.includes('\u0000')) {
      const key = identityKey(parts);
      const g = byJoinedKey.get(key);
      if (g !== undefined) return g;
      byJoinedKey.set(key, keys.length);
      return newGroup();
    }
    const g = newGroup();
    if (found === undefined) byRun.set(runId, g);
    else if (typeof found === 'number') byRun.set(runId, new Map([[textOfGroup[found]!, found], [caseId, g]]));
    else found.set(caseId, g);
    return g;
  };

  for (let i = 0; i < records.length; i++) {
    readIdentity(records[i]!, parts);
    if (parts.basis === 'case+run') {
      groupOfRecord[i] = caseRunGroup();
      continue;
    }
    const groups = byText[parts.basis];
    let g = groups.get(parts.text);
    if (g === undefined) {
      g = newGroup();
      groups.set(parts.text, g);
    }
    groupOfRecord[i] = g;
  }
  return { keys, bases, labels, groupOfRecord };
}

/**
 * Group indices in the order a reader looks identities up: by label (what
 * the table shows), then by key, which tells apart an id and a case of the
 * same text (keys are distinct, so the order is total). By key alone, every
 * case came before every id, then every case + run: a list that read as
 * shuffled.
 */
export function groupsByLabel(labels: readonly string[], keys: readonly string[]): Int32Array {
  const n = keys.length;
  const byText = (a: number, b: number) => (labels[a]! < labels[b]! ? -1 : labels[a]! > labels[b]! ? 1 : keys[a]! < keys[b]! ? -1 : 1);
  // Each group's place is its label's head and its index in one number, and the numbers sort
  // natively: a sort calling a comparison function for each of 189,413 groups' 3 million
  // comparisons took 70 ms. Groups of equal heads are then put in order by their texts.
  const heads = labelHeads(labels, Math.floor(Number.MAX_SAFE_INTEGER / Math.max(n, 1)));
  if (heads === null) return Int32Array.from({ length: n }, (_, g) => g).sort(byText);
  const places = new Float64Array(n);
  for (let g = 0; g < n; g++) places[g] = heads[g]! * n + g;
  places.sort();
  const order = new Int32Array(n);
  for (let o = 0; o < n; o++) order[o] = places[o]! % n;
  for (let from = 0; from < n; ) {
    let to = from + 1;
    while (to < n && heads[order[to]!] === heads[order[from]!]) to++;
    if (to - from > 8) order.subarray(from, to).sort(byText);
    else insertionSort(order, from, to, byText);
    from = to;
  }
  return order;
}

/** Sorts `order[from]` up to `order[to]` in place: for the few groups that share a head, cheaper than a sort call apiece. */
function insertionSort(order: Int32Array, from: number, to: number, compare: (a: number, b: number) => number): void {
  for (let k = from + 1; k < to; k++) {
    const g = order[k]!;
    let j = k;
    while (j > from && compare(order[j - 1]!, g) > 0) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = g;
  }
}

/**
 * Each label's first characters after the prefix every label shares, as one
 * number below `limit`, in text order: a label ordered before another never
 * has a larger head (a shorter label reads as zeros past its end), so equal
 * heads leave the texts to decide. As many characters as fit, of 7 bits when
 * every one read is ASCII, else of 16; null when not even one fits.
 */
export function labelHeads(labels: readonly string[], limit: number): Float64Array | null {
  const heads = new Float64Array(labels.length);
  if (labels.length === 0) return heads;
  const first = labels[0]!;
  let skip = first.length;
  for (let g = 1; g < labels.length && skip > 0; g++) {
    const label = labels[g]!;
    const end = Math.min(skip, label.length);
    let k = 0;
    while (k < end && label.charCodeAt(k) === first.charCodeAt(k)) k++;
    skip = k;
  }
  for (const base of [128, 65536]) {
    let width = 0;
    while (base ** (width + 1) <= limit) width++;
    if (width === 0) return null;
    if (fillHeads(labels, heads, skip, width, base)) return heads;
  }
  return null;
}

/** False, leaving `heads` partly filled, when some character read is `base` or above. */
function fillHeads(labels: readonly string[], heads: Float64Array, skip: number, width: number, base: number): boolean {
  for (let g = 0; g < labels.length; g++) {
    const label = labels[g]!;
    let head = 0;
    for (let k = skip; k < skip + width; k++) {
      const c = k < label.length ? label.charCodeAt(k) : 0;
      if (c >= base) return false;
      head = head * base + c;
    }
    heads[g] = head;
  }
  return true;
}

/**
 * Each group's records, by position, in storage order: the positions of
 * group g are `members[starts[g]]` up to `members[starts[g + 1]]`. A counting
 * sort, so one pass over the records and no list per group.
 */
export function membersByGroup(groupOfRecord: Int32Array, groupCount: number): { starts: Int32Array; members: Int32Array } {
  const starts = new Int32Array(groupCount + 1);
  for (let i = 0; i < groupOfRecord.length; i++) starts[groupOfRecord[i]! + 1]!++;
  for (let g = 0; g < groupCount; g++) starts[g + 1]! += starts[g]!;
  const next = starts.slice(0, groupCount);
  const members = new Int32Array(groupOfRecord.length);
  for (let i = 0; i < groupOfRecord.length; i++) members[next[groupOfRecord[i]!]!++] = i;
  return { starts, members };
}
