import type { InputBoundary, InputNote, JsonObject } from '../core/model';
import type { CodexEvent } from './codexLine';

interface Turn {
  readonly id: string | null;
  readonly line: number;
  /** Position of its first record in storage order. */
  readonly index: number;
  rolledBack: boolean;
}

/**
 * Follows turns through a rollout in storage order and turns rollbacks and
 * compactions into boundaries. Nothing is deleted: records a rollback covers
 * are only marked (`rolled_back_at_line`), so the view can dim them.
 */
export class CodexTurnTracker {
  readonly boundaries: InputBoundary[] = [];
  readonly notes: InputNote[] = [];
  private readonly turns: Turn[] = [];
  private current: string | null = null;

  constructor(private readonly session: string) {}

  /** The turn a record at this point belongs to, when one is open. */
  get currentTurn(): string | null {
    return this.current;
  }

  /** Applies one event; `records` are the data of the records built so far, in storage order. */
  apply(event: CodexEvent, line: number, index: number, records: readonly JsonObject[]): void {
    switch (event.type) {
      case 'turn-start':
        this.turns.push({ id: event.turnId, line, index, rolledBack: false });
        this.current = event.turnId;
        this.add(line, 'turn-start', `turn ${event.turnId ?? '(no id)'} starts`, null);
        return;
      case 'turn-end':
        this.current = null;
        this.add(line, 'turn-end', `turn ${event.turnId ?? '(no id)'} completes`, null);
        return;
      case 'turn-aborted': {
        this.current = null;
        const label = `turn ${event.turnId ?? '(no id)'} aborted${event.reason ? ` (${event.reason})` : ''}`;
        this.add(line, 'turn-aborted', label, null);
        this.notes.push({ line, message: `${label}: what it had done so far stays in the file and is shown.` });
        return;
      }
      case 'compaction':
        this.add(line, 'compaction', event.label, null);
        this.notes.push({
          line,
          message: `${event.label}: from here the model works from a summary; the earlier records are kept and shown.`,
        });
        return;
      case 'rollback':
        this.rollback(event.numTurns, line, index, records);
    }
  }

  private rollback(numTurns: number, line: number, index: number, records: readonly JsonObject[]): void {
    const live = this.turns.filter((t) => !t.rolledBack);
    const undone = live.slice(Math.max(0, live.length - numTurns));
    for (const t of undone) t.rolledBack = true;
    this.current = null;
    const first = undone[0];
    const what = `thread rolled back ${numTurns} turn${numTurns === 1 ? '' : 's'}`;
    if (!first) {
      this.add(line, 'rollback', what, null);
      this.notes.push({ line, message: `${what}, but no turn start is visible before it in this file; nothing is marked.` });
      return;
    }
    for (let i = first.index; i < index; i++) records[i]!.rolled_back_at_line = line;
    const missing = numTurns - undone.length;
    const ids = undone.map((t) => t.id ?? `(line ${t.line})`).join(', ');
    this.add(line, 'rollback', what, { fromLine: first.line, toLine: line - 1 });
    this.notes.push({
      line,
      message:
        `${what} (${ids}${missing > 0 ? `; ${missing} more not visible in this file` : ''}): ` +
        `the records from line ${first.line} on are no longer in the effective history; they are kept, shown and marked rolled_back_at_line.`,
    });
  }

  private add(line: number, kind: string, label: string, covers: InputBoundary['covers']): void {
    this.boundaries.push({ line, session: this.session, kind, label, covers });
  }
}
