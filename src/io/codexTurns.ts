import { formatCount, plural } from '../core/countText';
import type { InputBoundary, InputNote, JsonObject } from '../core/model';
import type { CodexEvent } from './codexLine';

interface Turn {
  readonly id: string | null;
  readonly line: number;
  /** Position of its first record in storage order. */
  readonly index: number;
}

/**
 * Follows turns through a rollout in storage order and turns rollbacks and
 * compactions into boundaries. Nothing is deleted: records a rollback covers
 * are only marked (`rolled_back_at_line`), so the view can dim them. A record
 * keeps the line of the first rollback that took it out of the history; a
 * later rollback reaching further back does not take it out again.
 */
export class CodexTurnTracker {
  readonly boundaries: InputBoundary[] = [];
  readonly notes: InputNote[] = [];
  /** Turns not rolled back, oldest first: a rollback pops the last n, so each turn is undone at most once. */
  private readonly live: Turn[] = [];
  /**
   * Marked records point past themselves (a union-find with path
   * compression), so a rollback skips what earlier ones marked and marking
   * costs about one step per record however rollbacks nest; walking every
   * covered record each time made nested rollbacks quadratic.
   */
  private readonly skip = new Map<number, number>();
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
        this.live.push({ id: event.turnId, line, index });
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
        if (event.invalid) {
          this.current = null;
          this.add(line, 'rollback', 'thread rolled back an unknown number of turns', null);
          this.notes.push({ line, message: `thread rolled back, but ${event.invalid}: which turns it undid cannot be told, so nothing is marked.` });
          return;
        }
        this.rollback(event.numTurns, line, index, records);
    }
  }

  private rollback(numTurns: number, line: number, index: number, records: readonly JsonObject[]): void {
    const undone = this.live.splice(Math.max(0, this.live.length - numTurns));
    this.current = null;
    const first = undone[0];
    const what = `thread rolled back ${plural(numTurns, 'turn')}`;
    if (!first) {
      this.add(line, 'rollback', what, null);
      this.notes.push({ line, message: `${what}, but no turn start is visible before it in this file; nothing is marked.` });
      return;
    }
    for (let i = this.firstUnmarked(first.index); i < index; i = this.firstUnmarked(i + 1)) {
      records[i]!.rolled_back_at_line = line;
      this.skip.set(i, i + 1);
    }
    const missing = numTurns - undone.length;
    const ids = undone.map((t) => t.id ?? `(line ${t.line})`).join(', ');
    this.add(line, 'rollback', what, { fromLine: first.line, toLine: line - 1 });
    this.notes.push({
      line,
      message:
        `${what} (${ids}${missing > 0 ? `; ${formatCount(missing)} more not visible in this file` : ''}): ` +
        `the records from line ${first.line} on are no longer in the effective history; they are kept, shown and marked rolled_back_at_line.`,
    });
  }

  private firstUnmarked(from: number): number {
    let root = from;
    for (let next = this.skip.get(root); next !== undefined; next = this.skip.get(root)) root = next;
    for (let i = from; i !== root; ) {
      const next = this.skip.get(i)!;
      this.skip.set(i, root);
      i = next;
    }
    return root;
  }

  private add(line: number, kind: string, label: string, covers: InputBoundary['covers']): void {
    this.boundaries.push({ line, session: this.session, kind, label, covers });
  }
}
