import type { ParsedInput } from '../core/model';
import { formatCount } from '../core/countText';
import { answerInStages } from './answerInStages';
import type { RecordsElsewhere } from './pageRecords';
import type { AnalyzeRequest, LoadProgress, SourceFile, WorkerResponse } from './protocol';
import { readKeyOf } from './readKey';
import { forgetSources, readSources, unreadableFailure } from './readSources';

/** Sends an answer to the page, transferring the buffers given. */
export type PostAnswer = (message: WorkerResponse, transfer?: Transferable[]) => void;

/** Thrown into an older request's reading when a newer one arrives, so the two do not share the machine. */
class Superseded extends Error {}

/** The worker's analyze requests; apart from the worker's scope, so tests can drive it beside the page's client. */
export interface AnalyzeRequests {
  analyze(request: AnalyzeRequest): Promise<void>;
  /** Lets go of the files kept read; a request still reading is superseded, so it keeps none either. */
  forget(): void;
}

export function analyzeRequests(post: PostAnswer): AnalyzeRequests {
  /** The newest analyze request: the page has stopped waiting for any older one. */
  let latest = 0;

  async function analyzeRequest({ id, files, open = 0, hashes = [], held = [], readOnPage: toPage = true }: AnalyzeRequest): Promise<void> {
    latest = id;
    const stillWanted = () => {
      if (id !== latest) throw new Superseded();
    };
    const started = performance.now();
    const heldKeys = new Set(held);
    let current: string | null = null;
    let message = '';
    try {
      const { inputs, unreadable, already, added, readOnPage, kept, columns } = await readSources(files, open, {
        reading: (file, index) => {
          current = file;
          message = `Reading ${file} (${index + 1} of ${files.length})`;
        },
        progress: (progress) => {
          stillWanted();
          post({ type: 'progress', id, file: current, message, progress });
        },
        knownHash: (index) => hashes[index] ?? null,
        pageHolds: (index) => heldKeys.has(readKeyOf(files[index]!) ?? ''),
        readOnPage: toPage
          ? (position, fileIndex) => {
              stillWanted();
              post({ type: 'readOnPage', id, position, fileIndex });
            }
          : undefined,
      });
      stillWanted();
      current = null;
      const failure = inputs.length === 0 ? unreadableFailure(unreadable) : null;
      if (failure) {
        post({ type: 'error', id, ...failure });
        return;
      }
      if (!added && open > 0 && already.length > 0 && unreadable.length === 0) {
        post({ type: 'done', id, analysis: null, unreadable, already, millis: performance.now() - started });
        return;
      }
      const elsewhere = recordsOnPage(files, readOnPage, kept, heldKeys);
      const answer = answerInStages(inputs, columns, elsewhere);
      const records = answer.records;
      const total = files.reduce((n, f) => n + f.blob.size, 0);
      const progress: LoadProgress = { bytes: total, total, records, etaMs: null, phase: 'analysing' };
      post({ type: 'progress', id, file: null, message: `Analysing ${formatCount(records)} records`, progress });
      // The sessions go ahead of the checks: the page prepares the view of one of them while the checks run here.
      const ahead = answer.ahead();
      ahead?.parts.forEach((part, k) => post({ type: 'sessions', id, part, ...(k === 0 ? { ahead: ahead.header } : {}) }, ahead.transfers[k]));
      answer.finish();
      post({ type: 'progress', id, file: null, message: `Sending the analysis of ${formatCount(records)} records to the page`, progress: { ...progress, phase: 'sending' } });
      // Measured for benchmarks (read from the worker's performance timeline): packing once cost the reader up to a second per close.
      performance.mark('seqscope:pack-start');
      const packed = answer.pack(ahead?.parts.length ?? 0);
      performance.measure('seqscope:pack', 'seqscope:pack-start');
      packed?.sessionParts.forEach((part, k) => post({ type: 'sessions', id, part }, packed.partTransfers[k]));
      if (packed) post({ type: 'done', id, analysis: null, packed: packed.packed, unreadable, already, millis: performance.now() - started }, packed.transfer);
      else post({ type: 'done', id, analysis: answer.unpacked(), unreadable, already, millis: performance.now() - started });
    } catch (e) {
      // The newer request reads on; the inputs kept from earlier requests stay for it. A superseded request that
      // failed otherwise (a file changed on disk) never touched them: forgetting them would have the newer one read every file again.
      if (e instanceof Superseded || id !== latest) return;
      forgetSources();
      post({ type: 'error', id, file: current, message: e instanceof Error ? e.message : String(e) });
    }
  }

  return {
    analyze: analyzeRequest,
    forget: () => {
      latest = -1;
      forgetSources();
    },
  };
}

/**
 * The inputs whose records the page has already: those it reads itself
 * from the same files, and those kept read from the request before
 * whose records it holds (`held`, by readKeyOf) from the last answer it took.
 * A kept input is the parse of the same bytes under the same name as the one
 * the page holds records of, so those records are these, but for their place.
 */
function recordsOnPage(
  files: readonly SourceFile[],
  readOnPage: ReadonlyMap<ParsedInput, number>,
  kept: ReadonlyMap<ParsedInput, number>,
  held: ReadonlySet<string>,
): Map<ParsedInput, RecordsElsewhere> {
  const out = new Map<ParsedInput, RecordsElsewhere>();
  for (const [input, position] of readOnPage) out.set(input, { readOnPage: position });
  for (const [input, position] of kept) if (held.has(readKeyOf(files[position]!) ?? '')) out.set(input, { held: position });
  return out;
}
