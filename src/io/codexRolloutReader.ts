import type { JsonObject } from '../core/model';
import { classifyCodexLine, envelopeProblem, type CodexItem } from './codexLine';
import { compactRecordData } from './compactRecord';
import { isNonNegativeInteger, isObject, stringOf } from './derivedRecord';
import type { ParsedLine } from './jsonLine';
import type { InputLimits } from './limits';
import { JsonLineReader } from './streamLines';

/** A rollout line that becomes a record: where it is, its ordinal and what it means. */
export interface KeptCodexLine {
  readonly line: number;
  readonly offset: number;
  readonly length: number;
  readonly ordinal: number | null;
  readonly item: CodexItem;
  /** The envelope as written, kept whole under `data.codex`; null when records keep only what the engine reads. */
  readonly value: JsonObject | null;
}

/** What a rollout says about itself, taken from the first line that says it, in line order. */
export interface RolloutFacts {
  /** The first `session_meta` payload id (a forked worker lists its own meta first). */
  threadId: string | null;
  /** From the first `session_meta` with an object payload: which Codex wrote the file, and how. */
  writer: { readonly cliVersion: string | null; readonly historyMode: string | null } | null;
  /** Whether any rollout line carries a `metadata` object. */
  hasMetadata: boolean;
}

const CUT_OFF = '; it is the last line and has no line end, so Codex was probably still writing it';

/**
 * The lines of a Codex rollout, one at a time, whether they come from a
 * whole text or a stream. Each line is parsed, checked and classified as it
 * arrives and only its classification is kept (with the envelope itself
 * unless `compact`), so a streamed rollout never holds its parsed JSON.
 */
export class CodexRolloutReader extends JsonLineReader {
  readonly kept: KeptCodexLine[] = [];
  readonly facts: RolloutFacts = { threadId: null, writer: null, hasMetadata: false };
  /** The last line rejected as not JSON: the end of the content says whether it was cut off. */
  private lastNotJson = 0;

  constructor(
    limits: InputLimits,
    /** Records keep only the fields the engine reads (compactRecord.ts), not the envelope. */
    private readonly compact: boolean,
  ) {
    super(limits);
  }

  protected take(line: number, parsed: ParsedLine, text: string, start: number, _end: number, offset: number, length: number): void {
    if (parsed.reason !== null) {
      if (parsed.reason.startsWith('not valid JSON')) this.lastNotJson = line;
      this.rejected.push({ line, reason: `line ${line}: ${parsed.reason}` });
      return;
    }
    const problem = envelopeProblem(parsed.value, text, start);
    if (problem) {
      this.rejected.push({ line, reason: `line ${line}: ${problem}` });
      return;
    }
    const value = parsed.value as JsonObject;
    this.learn(value);
    const ordinal = isNonNegativeInteger(value.ordinal) ? value.ordinal : null;
    const item = classifyCodexLine({ line, value });
    if (this.compact) this.kept.push({ line, offset, length, ordinal, item: { ...item, fields: compactRecordData(item.fields, item.kind) }, value: null });
    else this.kept.push({ line, offset, length, ordinal, item, value });
  }

  /** The content has ended; a last line that is not JSON and has no line end was most likely still being written. */
  end(endsWithLineBreak: boolean): void {
    if (endsWithLineBreak || this.lastNotJson === 0 || this.lastNotJson !== this.lines) return;
    const last = this.rejected[this.rejected.length - 1]!;
    this.rejected[this.rejected.length - 1] = { line: last.line, reason: `${last.reason}${CUT_OFF}` };
  }

  private learn(value: JsonObject): void {
    const facts = this.facts;
    if (!facts.hasMetadata && isObject(value.metadata)) facts.hasMetadata = true;
    if (value.type !== 'session_meta' || !isObject(value.payload)) return;
    const payload = value.payload;
    facts.writer ??= { cliVersion: stringOf(payload.cli_version), historyMode: stringOf(payload.history_mode) };
    // An empty id names no thread; a later meta may.
    if (facts.threadId === null) facts.threadId = stringOf(payload.id) || null;
  }
}
