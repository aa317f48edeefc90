import type { Analysis } from '../core/analyze';
import type { JsonObject, SeqRecord } from '../core/model';

const parsed = new WeakMap<SeqRecord, SeqRecord>();

/**
 * A streamed input keeps only the fields the engine reads; the detail view
 * shows every field, so it parses the record's raw line once it has been
 * read back (until then, the fields kept).
 */
export function fullRecord(analysis: Analysis, record: SeqRecord, raw: { text: string; exact: boolean; pending?: boolean }): SeqRecord {
  if (!analysis.inputs[record.fileIndex]?.streamed || raw.pending || !raw.exact) return record;
  let full = parsed.get(record);
  if (!full) {
    try {
      const data = JSON.parse(raw.text) as JsonObject;
      full = data !== null && typeof data === 'object' && !Array.isArray(data) ? { ...record, data } : record;
    } catch {
      full = record;
    }
    parsed.set(record, full);
  }
  return full;
}
