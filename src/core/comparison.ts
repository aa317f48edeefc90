/**
 * The plain-data result of comparing two analyses (a "base" run and an
 * "other" run). Everything here is JSON-serialisable and holds no engine
 * objects, so the page can keep it in a store, the CLI can print it, and a
 * view can select a record through `index` (its position in the run's
 * `Analysis.records`).
 */
import type { EvalStatus, EvalSummary } from './evals';
import type { Finding, JsonValue, Severity, StateValue } from './model';

export type RunSide = 'base' | 'other';

/** One record of one run, as the comparison cites it. */
export interface ComparedRecord {
  readonly file: string;
  readonly line: number;
  /** The id as written, or the synthetic one when `hasId` is false. */
  readonly id: string | number;
  readonly hasId: boolean;
  readonly kind: string;
  /** `accept_seq`, or null when the record has none. */
  readonly seq: number | null;
  /** Position in that run's `Analysis.records`, for views that select it. */
  readonly index: number;
}

/**
 * How two aligned records differ. `changed`: same acceptance number (or the
 * same identity, both without a number), different content. `renumbered`:
 * the same identity under different acceptance numbers (or a number in one
 * run only). `only-in-*`: nothing in the other run aligns with it.
 */
export type RecordDifferenceKind = 'changed' | 'renumbered' | 'only-in-base' | 'only-in-other';

export interface RecordDifference {
  readonly kind: RecordDifferenceKind;
  /** The acceptance number where the difference sits (the lower of the two), null when neither record has one. */
  readonly seq: number | null;
  readonly base: ComparedRecord | null;
  readonly other: ComparedRecord | null;
  /** Top-level fields whose values differ (times and `accept_seq` are not compared), sorted. */
  readonly fields: readonly string[];
  /** One sentence a person can read. */
  readonly explanation: string;
}

export type SessionPresence = 'both' | 'base-only' | 'other-only';

export interface SessionComparison {
  readonly session: string;
  readonly presence: SessionPresence;
  readonly counts: {
    /** Accepted, analysed records (participants) in each run. */
    readonly base: number;
    readonly other: number;
    readonly same: number;
    readonly changed: number;
    readonly renumbered: number;
    readonly onlyInBase: number;
    readonly onlyInOther: number;
  };
  /** Every difference, in acceptance order (records without a number last). */
  readonly differences: readonly RecordDifference[];
}

/** One run's acceptance-replay decision on one key. */
export interface DecisionSide {
  readonly acceptance: StateValue;
  /** The record that set the acceptance value; null when it is unknown. */
  readonly setter: ComparedRecord | null;
  readonly storage: JsonValue;
  readonly storageSetter: ComparedRecord;
}

/** A key whose acceptance-replay value differs; a side is null when its run never touches the key (or lacks the session). */
export interface DecisionDifference {
  readonly session: string;
  readonly key: string;
  readonly base: DecisionSide | null;
  readonly other: DecisionSide | null;
}

/** One run's outcome for one eval identity. */
export interface EvalSide {
  readonly key: string;
  readonly label: string;
  /** The status when undisputed, `disputed` otherwise. */
  readonly status: EvalStatus | 'disputed';
  /** The distinct normalised statuses of its records, in a fixed order (pass, fail, error, skip, unknown). */
  readonly statuses: readonly EvalStatus[];
  readonly disputed: boolean;
  /** Distinct scores in storage order; a record without a score contributes null. */
  readonly scores: readonly JsonValue[];
  /**
   * Its distinct outcomes, each a status with a score (null: none), in the order of `statuses`, then storage order:
   * a disputed side is told as these pairs, since `statuses` and `scores` side by side ("pass vs fail", "0 and 1")
   * read as if the pass had scored 0.
   */
  readonly outcomes: readonly EvalOutcome[];
  readonly records: readonly ComparedRecord[];
}

export interface EvalOutcome {
  readonly status: EvalStatus;
  readonly score: JsonValue;
}

export type EvalChange = 'status' | 'score' | 'only-in-base' | 'only-in-other';

export interface EvalDifference {
  readonly label: string;
  readonly change: EvalChange;
  /**
   * `identity`: same identity key; `case`: same case_id, where the run ids
   * differ between the runs; `content`: a record with neither id nor
   * case_id, paired by its content.
   */
  readonly alignedBy: 'identity' | 'case' | 'content' | null;
  readonly base: EvalSide | null;
  readonly other: EvalSide | null;
}

export interface EvalComparison {
  readonly base: EvalSummary | null;
  readonly other: EvalSummary | null;
  readonly counts: {
    readonly base: number;
    readonly other: number;
    readonly alignedByIdentity: number;
    /** Paired by case or by content (see `EvalDifference.alignedBy`). */
    readonly alignedByFallback: number;
    readonly same: number;
    readonly changed: number;
    readonly onlyInBase: number;
    readonly onlyInOther: number;
  };
  /** Identities whose outcome differs or that exist in one run only, by label. */
  readonly differences: readonly EvalDifference[];
}

export interface UnmatchedFinding {
  /** Position in that run's `Analysis.findings`. */
  readonly index: number;
  readonly code: string;
  readonly severity: Severity;
  readonly session: string | null;
  readonly message: string;
  readonly records: Finding['records'];
  readonly recordIndex: Finding['recordIndex'];
}

export interface FindingDifferences {
  readonly common: number;
  readonly onlyInBase: readonly UnmatchedFinding[];
  readonly onlyInOther: readonly UnmatchedFinding[];
}

/** Where the two runs first part, in acceptance terms. */
export interface Divergence {
  readonly scope: 'session' | 'eval';
  /** The session, or null for an eval divergence. */
  readonly session: string | null;
  readonly seq: number | null;
  /** For an eval divergence: the eval identity's label. */
  readonly label: string | null;
  readonly base: ComparedRecord | null;
  readonly other: ComparedRecord | null;
  readonly explanation: string;
}

export interface ComparedRun {
  /** `rejected`: lines that were not read as records; a run that agrees may still have lost lines to damage. */
  readonly inputs: readonly { readonly file: string; readonly format: string; readonly sha256: string; readonly rejected: number }[];
}

export interface ComparisonCounts {
  readonly sessions: { readonly both: number; readonly onlyInBase: number; readonly onlyInOther: number; readonly diverging: number };
  readonly records: {
    readonly same: number;
    readonly changed: number;
    readonly renumbered: number;
    readonly onlyInBase: number;
    readonly onlyInOther: number;
  };
  readonly decisions: number;
  readonly evals: { readonly same: number; readonly changed: number; readonly onlyInBase: number; readonly onlyInOther: number };
  readonly findings: { readonly common: number; readonly onlyInBase: number; readonly onlyInOther: number };
}

export interface Comparison {
  readonly base: ComparedRun;
  readonly other: ComparedRun;
  /** True when any session or eval identity differs in acceptance terms (`firstDivergence` is set). */
  readonly diverged: boolean;
  /** The first difference of the first diverging session (by name), else the first eval difference. */
  readonly firstDivergence: Divergence | null;
  /** Every session of either run, by name. */
  readonly sessions: readonly SessionComparison[];
  readonly decisions: readonly DecisionDifference[];
  /** Null when neither run has an eval record. */
  readonly evals: EvalComparison | null;
  readonly findings: FindingDifferences;
  readonly counts: ComparisonCounts;
  /**
   * What of either run's inputs was not read, in words (`notWhollyRead`, each input named with its run), or null
   * when every line of both was: a gzip cut off or damaged, lines not read as records. "No divergence" over such
   * runs speaks only of what was read.
   */
  readonly notWhollyRead: string | null;
  /** Set when neither run holds a record (`nothingReadSentence`): "No divergence" between two runs of nothing is no agreement. */
  readonly nothingRead: string | null;
}
