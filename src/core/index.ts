export * from './model';
export { analyze, analyzeInStages, type Analysis, type AnalysisInStages, type AnalysisOptions, type SessionAnalysis, type SessionCutoff } from './analyze';
export { toCheckDocument, checkDocumentJson, exitStatusOf, type CheckDocument } from './checkDocument';
export { documentJson } from './documentJson';
export {
  buildCutoffIndex,
  stateAtCutoff,
  settersAtCutoff,
  futureLeaks,
  storagePrefixEnd,
  type CutoffIndex,
} from './cutoff';
export { passRateRange, passRateRangeEnds, percent } from './passRate';
export { normaliseStatus, type EvalAnalysis, type EvalIdentity, type EvalSummary, type EvalStatus } from './evals';
export { evalIdentityOf } from './evalGroups';
export { SEVERITY_OF, SEVERITY_RANK, type FindingCode } from './findings';
export { inputEffect, isUndetermined, type Replays, type KeyReplay } from './replay';
export { referencesOf, clearIsCommitted } from './references';
export type { OrderingEvidence } from './ordering';
export { canonicalJson, jsonPreview, jsonText } from './canonical';
export { describeInvisibles, hasInvisibles, invisibleCharName, replaceInvisibles, revealInvisibles, type InvisibleChar, type InvisibleKind } from './invisibleChars';
export { compareAnalyses, explainEvalDifference } from './compare';
export { comparesEvalsOnly, noDivergenceText } from './comparisonVerdict';
export type {
  Comparison,
  ComparisonCounts,
  ComparedRecord,
  ComparedRun,
  DecisionDifference,
  DecisionSide,
  Divergence,
  EvalChange,
  EvalComparison,
  EvalDifference,
  EvalSide,
  FindingDifferences,
  RecordDifference,
  RecordDifferenceKind,
  RunSide,
  SessionComparison,
  SessionPresence,
  UnmatchedFinding,
} from './comparison';
export { comparableContent, differingFields, recordIdentity } from './recordIdentity';
export { renderMarkdownReport } from './markdownReport';
export { DEFAULT_REPORT_LIMITS, type AnnotationTarget, type MarkdownReportOptions, type ReportLimits, type ReviewerAnnotation } from './markdownReportOptions';
export { codeSpan, fencedBlock, inlineText, visible } from './markdownText';
export { plural } from './countText';
export { rawRecordText } from './rawText';
