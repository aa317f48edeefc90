import type { AnalysisOptions } from './analyze';

/** What a reviewer's note is about: a record (by file and line) or a finding (by its position in `Analysis.findings`). */
export type AnnotationTarget = { readonly file: string; readonly line: number } | { readonly findingIndex: number };

/** A reviewer's note. It is shown in the report; it never changes a record. */
export interface ReviewerAnnotation {
  readonly target: AnnotationTarget;
  readonly note: string;
}

/** How much of each long section the report shows before saying how much more there is. */
export interface ReportLimits {
  readonly findingsPerSeverity: number;
  readonly recordsPerFinding: number;
  readonly rejectedPerInput: number;
  readonly sessions: number;
  readonly keysPerSession: number;
  readonly futureLeaks: number;
  /** Rollbacks, compactions, aborted turns and deletions listed per session (turns are only counted). */
  readonly boundariesPerSession: number;
  readonly disputes: number;
  readonly sidesPerDispute: number;
  readonly annotations: number;
  /** Characters of one quoted raw line. */
  readonly rawLineChars: number;
  /** Characters of one finding's message, which quotes session names, keys and values whole. */
  readonly messageChars: number;
  /** Characters of one value's JSON in the replay and cutoff tables. */
  readonly valueChars: number;
}

export const DEFAULT_REPORT_LIMITS: ReportLimits = {
  findingsPerSeverity: 500,
  recordsPerFinding: 200,
  rejectedPerInput: 200,
  sessions: 200,
  keysPerSession: 200,
  futureLeaks: 200,
  boundariesPerSession: 200,
  disputes: 200,
  sidesPerDispute: 50,
  annotations: 1000,
  rawLineChars: 2000,
  messageChars: 2000,
  valueChars: 200,
};

export interface MarkdownReportOptions {
  /** Defaults to "Seqscope audit report". */
  readonly title?: string;
  /** When the report was made, as the caller's clock says (the engine has none); omitted when absent. */
  readonly generatedAt?: string;
  /**
   * The options the analysis was made with. Without them the cutoff is read
   * back from the sessions, and the session filter is reported as "all".
   */
  readonly settings?: AnalysisOptions;
  readonly annotations?: readonly ReviewerAnnotation[];
  readonly limits?: Partial<ReportLimits>;
}
