import type { JsonObject, JsonValue } from '../core/model';
import { compactRecordDataIfExact, ENGINE_FIELDS } from './compactRecord';
import { holdsRoundedNumber } from './exactJson';
import type { StringPool } from './stringPool';

/**
 * compactRecordDataIfExact, faster, for a reader that keeps a million
 * compact records: each kind's fields are copied by code made for it, and
 * strings that name shared things are held once through `pool`. Kept apart
 * from compactRecord.ts so that the page, which never reads records
 * compact, does not load it.
 */
export function compactEngineFieldsIfExact(data: JsonObject, kind: string, pool: StringPool | null): JsonObject | null {
  const copy = copyOf(kind);
  if (!copy) return compactRecordDataIfExact(data, kind);
  const out = copy(data, pool ? pool.shared : unshared);
  // Only own enumerable keys: `out` is a plain object whose prototype has none.
  for (const name in out) {
    const v = out[name];
    if (typeof v !== 'string' && holdsRoundedNumber(v)) return null;
  }
  return out;
}

type Shared = (v: JsonValue) => JsonValue;
type Copy = (d: JsonObject, shared: Shared) => JsonObject;

const unshared: Shared = (v) => v;

/** Fields that name something many records share (an actor, a resource and its versions, a key, a task): they go through the pool. */
const SHARED_FIELDS: ReadonlySet<string> = new Set(['key', 'actor', 'resource', 'version', 'if_match', 'task']);

const copies = new Map<string, Copy>();

/** The copy of a kind that has engine fields (ENGINE_FIELDS), made when first asked for; null for any other kind. */
function copyOf(kind: string): Copy | null {
  const made = copies.get(kind);
  if (made) return made;
  const fields = ENGINE_FIELDS.get(kind);
  if (!fields) return null;
  const copy = kindCopy(fields);
  copies.set(kind, copy);
  return copy;
}

/**
 * A kind's copy as code that names each field, made at run time from
 * ENGINE_FIELDS (constant names, never text from a log). Each set of fields
 * present gets its own object literal, made the first time that set is
 * met: V8 allocates a literal at its final size with one map and, seeing
 * that its objects live on, straight into the old generation, where an
 * empty object grown a field at a time went through a map transition per
 * field, a property array past four fields, and two copies by the young
 * generation's collector (about 0.07–0.1 s of CPU over a million records).
 * A kind's reads of `d` see only its records, so they stay monomorphic.
 * Made lazily, so loading this module where code cannot be made (the
 * page's CSP) costs nothing; only compact readers (the CLI) call it.
 * JSON never yields undefined, so undefined is absence.
 */
function kindCopy(fields: readonly string[]): Copy {
  const read = (f: string) => `d[${JSON.stringify(f)}]`;
  const literal = (mask: number): Copy => {
    const members = fields.filter((_, i) => mask & (1 << i)).map((f) => `${JSON.stringify(f)}: ${SHARED_FIELDS.has(f) ? `shared(${read(f)})` : read(f)}`);
    return new Function('d', 'shared', `return { ${members.join(', ')} };`) as Copy;
  };
  const maskOf = fields.map((f, i) => `(${read(f)} === undefined ? 0 : ${1 << i})`).join(' | ');
  const byMask: Copy[] = [];
  const dispatch = new Function('byMask', 'literal', `return (d, shared) => { const mask = ${maskOf}; return (byMask[mask] ?? (byMask[mask] = literal(mask)))(d, shared); };`);
  return dispatch(byMask, literal) as Copy;
}
