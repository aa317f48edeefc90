import { formatCount } from '../core/countText';
import { DEFAULT_REPORT_LIMITS } from '../core/markdownReportOptions';
import type { ParsedInput, SeqRecord } from '../core/model';
import { readSpans } from '../worker/rawRead';
import { readSources } from '../worker/readSources';
import { citedRecords, CITED_LIMIT } from './bundleBuild';
import { bundleJson, exportAnalyses, findingsJson, reportMarkdown, type ExportAnalyses } from './exportEngine';
import type { ExportKind, ExportRequest, ExportResponse } from './exportProtocol';

const NOUN: Record<ExportKind, string> = { findings: 'findings document', report: 'audit report', bundle: 'evidence bundle' };

/** The browser refuses to read a picked file that changed on disk since it was picked, and its message does not name the file. */
const readAgainError = (file: string, e: unknown) =>
  new Error(`${file} could not be read again (${e instanceof Error ? e.message : String(e)}); if it changed since it was opened, open it again`);

/**
 * The open files, read again here in the order the page analysed them. Their
 * SHA-256 is the page's (so a large file is parsed, not hashed again); a file
 * that no longer reads as it did when it was opened is an error, never an
 * export of something else.
 */
async function readInputs(req: ExportRequest, progress: (message: string) => void): Promise<ParsedInput[]> {
  let file = '';
  let read: Awaited<ReturnType<typeof readSources>>;
  try {
    read = await readSources(req.files, req.files.length, {
      reading: (name) => (file = name),
      progress: (p) => progress(`Reading ${file} (${p.total > 0 ? Math.floor((100 * p.bytes) / p.total) : 100}%)`),
      knownHash: (i) => req.expected[i]?.sha256 || null,
    });
  } catch (e) {
    throw readAgainError(file, e);
  }
  const { inputs, unreadable, already } = read;
  if (unreadable.length > 0) throw new Error(unreadable.map((u) => u.message).join('; '));
  const changed = req.expected.find((e, i) => {
    const input = inputs[i];
    return !input || input.name !== e.name || input.sha256 !== e.sha256 || input.records.length !== e.records;
  });
  if (changed || already.length > 0 || inputs.length !== req.expected.length) {
    throw new Error(`${changed?.name ?? 'an open file'} no longer reads as it did when it was opened; open it again`);
  }
  return inputs;
}

/** The records whose raw lines the file quotes: those of the report's findings (as many as it quotes) and a bundle's citations. */
function quotedRecords(req: ExportRequest, a: ExportAnalyses): Set<SeqRecord> {
  const out = new Set<SeqRecord>();
  if (req.kind === 'findings') return out;
  const add = (records: readonly SeqRecord[], i: number | undefined) => {
    const r = i === undefined ? undefined : records[i];
    if (r) out.add(r);
  };
  for (const f of a.scoped.findings) for (const i of f.recordIndex.slice(0, DEFAULT_REPORT_LIMITS.recordsPerFinding)) add(a.scoped.records, i);
  if (req.bundle) for (const i of citedRecords(a.whole, req.bundle.view, req.settings.annotations).slice(0, CITED_LIMIT)) add(a.whole.records, i);
  return out;
}

/** A streamed input keeps no text: the lines the file quotes are read back from its content first. */
async function readQuotedLines(inputs: readonly ParsedInput[], records: Iterable<SeqRecord>): Promise<void> {
  const spans = new Map<ParsedInput, number[]>();
  for (const r of records) {
    const input = inputs[r.fileIndex];
    if (!input?.streamed?.content || r.offset < 0 || input.streamed.rawLines.has(r.offset)) continue;
    let flat = spans.get(input);
    if (!flat) spans.set(input, (flat = []));
    flat.push(r.offset, r.length);
  }
  for (const [input, flat] of spans) {
    const texts = await readSpans(input.streamed!.content!, flat).catch((e: unknown) => {
      throw readAgainError(input.name, e);
    });
    texts.forEach((text, k) => input.streamed!.rawLines.set(flat[2 * k]!, text));
  }
}

/** One export, start to end, as the export worker makes it; `progress` says where it stands. */
export async function runExport(req: ExportRequest, progress: (message: string) => void): Promise<string> {
  const inputs = await readInputs(req, progress);
  const { cutoff } = req.settings;
  const records = inputs.reduce((n, i) => n + i.records.length, 0);
  progress(`Analysing ${formatCount(records)} records${cutoff === null ? '' : ` at cutoff ${cutoff}`}`);
  const a = exportAnalyses(inputs, req.settings, req.kind === 'bundle');
  try {
    const quoted = quotedRecords(req, a);
    if (quoted.size > 0 && inputs.some((i) => i.streamed)) {
      progress(`Reading ${formatCount(quoted.size)} quoted lines from the file`);
      await readQuotedLines(inputs, quoted);
    }
    progress(`Writing the ${NOUN[req.kind]}`);
    if (req.kind === 'findings') return findingsJson(a);
    if (req.kind === 'report') return reportMarkdown(a, req.settings);
    if (!req.bundle) throw new Error('the request has no view to put in the bundle');
    return bundleJson(a, req.settings, req.bundle);
  } finally {
    // Inputs stay for the next export; the lines read for this one need not.
    for (const input of inputs) input.streamed?.rawLines.clear();
  }
}

/** Answers one request with progress, then the file's bytes or what went wrong. */
export async function answerExport(req: ExportRequest, post: (message: ExportResponse, transfer?: Transferable[]) => void): Promise<void> {
  const { id } = req;
  try {
    const bytes = new TextEncoder().encode(await runExport(req, (message) => post({ type: 'progress', id, message })));
    post({ type: 'exported', id, bytes }, [bytes.buffer]);
  } catch (e) {
    post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
  }
}
