import { booleanField, field, idField, stringField } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';

/** The response ids a record refers to, one entry per reference as written. */
export function referencesOf(r: SeqRecord): string[] {
  const refs: string[] = [];
  const prev = idField(r, 'previous_response_id');
  if (prev !== undefined) refs.push(prev);
  const list = field(r, 'refs');
  if (Array.isArray(list)) {
    for (const v of list) {
      if (typeof v === 'string') refs.push(v);
      else if (typeof v === 'number' && Number.isFinite(v)) refs.push(String(v));
    }
  }
  return refs;
}

export function clearIsCommitted(r: SeqRecord): boolean {
  const outcome = stringField(r, 'outcome') ?? 'ok';
  return booleanField(r, 'committed') ?? outcome === 'ok';
}

interface Created {
  readonly response: SeqRecord;
  invalidatedBy: SeqRecord | null;
}

/** Clears, stale and dangling references (spec 3.5), in analysis order. */
export function checkReferences(session: string, order: readonly SeqRecord[], sink: FindingSink): void {
  const createdAnywhere = new Set<string>();
  for (const r of order) {
    if (r.kind !== 'response') continue;
    const id = idField(r, 'response_id');
    if (id !== undefined) createdAnywhere.add(id);
  }

  const live = new Map<string, Created>();
  for (const r of order) {
    if (r.kind === 'clear') {
      const outcome = stringField(r, 'outcome') ?? 'ok';
      const committed = clearIsCommitted(r);
      if (committed && outcome !== 'ok') {
        sink.add(
          'clear-committed-but-reported-failed',
          session,
          `Clear ${sink.label(r)} committed but reported "${outcome}": the caller saw a failure while the history is gone, so every earlier response id must still be dropped.`,
          [r],
        );
      }
      if (committed) for (const c of live.values()) if (c.invalidatedBy === null) c.invalidatedBy = r;
      continue;
    }
    if (r.kind !== 'request' && r.kind !== 'response') continue;
    for (const ref of referencesOf(r)) {
      const created = live.get(ref);
      if (created && created.invalidatedBy) {
        sink.add(
          'stale-reference',
          session,
          `${r.kind === 'request' ? 'Request' : 'Response'} ${sink.label(r)} refers to ${ref}, created by ${sink.label(created.response)} before clear ${sink.label(created.invalidatedBy)}; that id should no longer be usable.`,
          [created.response, created.invalidatedBy, r],
        );
      } else if (!createdAnywhere.has(ref)) {
        sink.add(
          'dangling-reference',
          session,
          `${r.kind === 'request' ? 'Request' : 'Response'} ${sink.label(r)} refers to ${ref}, which no response in session ${session} creates.`,
          [r],
        );
      }
    }
    if (r.kind === 'response') {
      const id = idField(r, 'response_id');
      if (id !== undefined) live.set(id, { response: r, invalidatedBy: null });
    }
  }
}
