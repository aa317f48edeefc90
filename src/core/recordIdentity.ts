import type { Analysis } from './analyze';
import { canonicalJson, sameJson } from './canonical';
import type { ComparedRecord } from './comparison';
import { shownId } from './fields';
import type { JsonObject, SeqRecord } from './model';

/**
 * Fields left out when two runs' records are compared: two runs of the same
 * thing are written at different times, and acceptance numbers are what the
 * alignment itself is made of.
 */
const NOT_COMPARED: ReadonlySet<string> = new Set(['ts', 'accepted_at', 'accept_seq']);

/** Without a prototype, so a field named `__proto__` is copied as data instead of replacing the copy's prototype. */
function comparedPart(data: JsonObject): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const k of Object.keys(data)) if (!NOT_COMPARED.has(k)) out[k] = data[k]!;
  return out;
}

const isEnumerableOwn = Object.prototype.propertyIsEnumerable;

/**
 * Whether two records' data have the same `comparableContent`, without
 * writing it: the same compared keys, each value the same by `sameJson`.
 * Writing both canonical texts for each of 500,000 aligned pairs was half of
 * a comparison's time.
 */
export function sameComparableContent(a: JsonObject, b: JsonObject): boolean {
  let comparedA = 0;
  for (const k of Object.keys(a)) {
    if (NOT_COMPARED.has(k)) continue;
    comparedA++;
    if (!isEnumerableOwn.call(b, k) || !sameJson(a[k], b[k])) return false;
  }
  let comparedB = 0;
  for (const k of Object.keys(b)) if (!NOT_COMPARED.has(k)) comparedB++;
  return comparedA === comparedB;
}

/** A field the record itself has; a name like `constructor` must not read Object.prototype's. */
function ownField(data: JsonObject, key: string): JsonObject[string] | undefined {
  return Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
}

/** The content two runs' records are compared by, as canonical JSON. */
export function comparableContent(r: SeqRecord): string {
  return canonicalJson(comparedPart(r.data));
}

/** Top-level fields whose values differ between two records, sorted; times and `accept_seq` are not compared. */
export function differingFields(a: SeqRecord, b: SeqRecord): string[] {
  const keys = new Set([...Object.keys(a.data), ...Object.keys(b.data)]);
  const out: string[] = [];
  for (const k of keys) {
    if (NOT_COMPARED.has(k)) continue;
    if (!sameJson(ownField(a.data, k), ownField(b.data, k))) out.push(k);
  }
  return out.sort();
}

/**
 * What makes a record "the same record" in another run: its id as written,
 * or, without one, its content — a synthetic id is `file:line`, which
 * differs between runs for the very same record.
 */
export function recordIdentity(r: SeqRecord): string {
  return r.hasId ? `id\u0000${String(r.id)}` : `content\u0000${comparableContent(r)}`;
}

/** A record named the way a sentence can use it: `input a3 (base.jsonl:5)`. */
export function describeRecord(c: ComparedRecord): string {
  const kind = c.kind || 'untyped';
  const where = `${c.file}:${c.line}`;
  return !c.hasId ? `the ${kind} record at ${where}` : `${kind} ${shownId(String(c.id))} (${where})`;
}

/**
 * Turns records of one analysis into `ComparedRecord`s. Positions in
 * `Analysis.records` are filled by `finish()` in one pass over the records,
 * so no map of every record is built for a large log.
 */
export class RecordCiter {
  private readonly cited = new Map<SeqRecord, { -readonly [K in keyof ComparedRecord]: ComparedRecord[K] }>();

  constructor(private readonly analysis: Analysis) {}

  cite(r: SeqRecord): ComparedRecord {
    const known = this.cited.get(r);
    if (known) return known;
    const c = {
      file: this.analysis.inputs[r.fileIndex]?.name ?? '',
      line: r.line,
      id: r.id,
      hasId: r.hasId,
      kind: r.kind,
      seq: r.acceptSeq,
      index: -1,
    };
    this.cited.set(r, c);
    return c;
  }

  finish(): void {
    if (this.cited.size === 0) return;
    this.analysis.records.forEach((r, i) => {
      const c = this.cited.get(r);
      if (c) c.index = i;
    });
  }
}
