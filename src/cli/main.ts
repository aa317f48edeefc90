import { closeSync, openSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { analyze, checkDocumentJson, compareAnalyses, documentJson, exitStatusOf, renderMarkdownReport, revealInvisibles, toCheckDocument, type ParsedInput } from '../core/index';
import { UnreadableInputError } from '../io/loadInput';
import { sameLog } from '../io/sameLog';
import { divergenceTexts, renderComparisonReport } from '../core/comparisonReport';
import { parseArgs, USAGE, type CheckArgs, type CompareArgs } from './args';
import { compareDocument } from './compareJson';
import { renderCompareText } from './compareText';
import { quoted, shownName } from './names';
import { readErrorReason, writeErrorReason } from './errnoReasons';
import { CliProgress } from './progress';
import { readCliInput } from './readCliInput';
import { renderTextReport } from './textReport';

/** Reading and analysing a large file takes seconds: a terminal is told how far it is; a pipe or a file is not. */
const progress = new CliProgress(process.stderr);

/**
 * One line on stderr. File and session names come from the user and the log,
 * so their control characters are shown, not sent: an escape sequence in a
 * session name must not retitle or clear the terminal.
 */
function say(message: string): void {
  progress.clear();
  process.stderr.write(`seqscope: ${revealInvisibles(message)}\n`);
}

/**
 * Reads and parses the files, or says on stderr which ones cannot be read and
 * returns null. `stream` allows native JSON Lines and Codex rollouts to be
 * read without holding the file (no raw lines are quoted then).
 *
 * Once one input cannot be read nothing is analysed (a partial set would be
 * reported as if whole), so the rest are only looked at, not read: each that
 * is missing, a directory or cannot be opened is named too, and the user
 * learns of every such name in one run, while a large log is not read for
 * minutes only to be dropped. A bad document among the rest shows once they
 * are fixed. Standard input is not read then: whatever writes it would be
 * waited for, to no end. `checkOnly` starts in that state (compare's second
 * side, when its first could not be read).
 *
 * A file that is the same log as an earlier one (given twice, a copy, two
 * globs that overlap, the log and its gzip) is left out with one line on
 * stderr, as the page leaves it out: read twice, every record would share
 * its accept_seq with its twin, and the analysis would be of duplicates the
 * logs do not hold. Positions stay dense, so records name the inputs that are kept.
 */
async function loadFiles(files: readonly string[], stream: boolean, checkOnly = false): Promise<ParsedInput[] | null> {
  const inputs: ParsedInput[] = [];
  // Said once every input was read: "analysed once" is no news in a run that analyses nothing.
  const sameLogLines: string[] = [];
  let unreadable = checkOnly;
  // A path given twice that cannot be read is said once; read, it is the same log, said below.
  const unreadableFiles = new Set<string>();
  for (const file of files) {
    if (unreadableFiles.has(file)) continue;
    if (unreadable) {
      const why = file === '-' ? null : whyUnopenable(file);
      if (why !== null) {
        say(`cannot read ${shownName(file)}: ${why}`);
        unreadableFiles.add(file);
      }
      continue;
    }
    // `check -` typed without a pipe waits for the terminal, which looked like a hang.
    if (file === '-' && process.stdin.isTTY) say('reading standard input from the terminal; end it with Ctrl-D');
    let input: ParsedInput;
    try {
      input = await readCliInput(file, inputs.length, stream, progress);
      progress.clear();
    } catch (e) {
      // An UnreadableInputError's message starts with the name already; its reason is said once, after it.
      if (e instanceof UnreadableInputError) say(`cannot read ${shownName(e.fileName)}: ${e.reason}`);
      else say(`cannot read ${shownName(file)}: ${readErrorReason(e as NodeJS.ErrnoException, file)}`);
      unreadable = true;
      unreadableFiles.add(file);
      continue;
    }
    const same = sameLog(inputs, input);
    if (!same) inputs.push(input);
    else sameLogLines.push(`${shownName(input.name)} ${sameLogPhrase(shownName(same.as.name), input.name === same.as.name, same.onceDecompressed)} (sha256 ${same.sha256.slice(0, 12)}); analysed once`);
  }
  if (unreadable) return null;
  for (const line of sameLogLines) say(line);
  return inputs;
}

/**
 * Why a file cannot be read, found without reading it, or null. A pipe or a
 * device given by name is not opened: opening a pipe waits for a writer.
 */
function whyUnopenable(file: string): string | null {
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) return 'is a directory';
    if (stat.isFile()) closeSync(openSync(file, 'r'));
    return null;
  } catch (e) {
    return readErrorReason(e as NodeJS.ErrnoException, file);
  }
}

function sameLogPhrase(sameAs: string, sameName: boolean, onceDecompressed: boolean): string {
  if (onceDecompressed) return `is the same content as ${sameAs} once decompressed`;
  return sameName ? 'is given again' : `is the same content as ${sameAs}`;
}

function sessionNames(inputs: readonly ParsedInput[]): string[] {
  return [...new Set(inputs.flatMap((i) => i.records.filter((r) => r.kind !== 'eval').map((r) => r.session)))].sort();
}

/** Why --session picked nothing: the sessions there are, or, when there are none, what the inputs hold instead. */
function noSuchSession(session: string, inputs: readonly ParsedInput[]): number {
  const names = sessionNames(inputs);
  const none = `no session named ${quoted(session)}`;
  if (names.length) say(`${none}; sessions are: ${names.map(shownName).join(', ')}`);
  else if (inputs.some((i) => i.records.length > 0)) {
    say(`${none}: the inputs hold no session records (only eval records), so there is no state to show; leave out --session to see the evals`);
  } else say(`${none}: no record was read from the inputs, so there is no state to show`);
  return 2;
}

/**
 * When the report was made. SOURCE_DATE_EPOCH (seconds), the reproducible-builds
 * convention, pins it so that the same inputs can give a byte-identical report.
 */
function reportTime(): string {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const date = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
  return date.toISOString();
}

async function writeReport(path: string, text: string): Promise<boolean> {
  try {
    await writeFile(path, text);
    return true;
  } catch (e) {
    say(`cannot write the report to ${shownName(path)}: ${writeErrorReason(e as NodeJS.ErrnoException)}`);
    return false;
  }
}

/** Whether --report names one of the inputs, said on stderr when it does: writing the report there would destroy the evidence. */
function reportOverwritesInput(report: string | null, files: readonly string[], what: string): boolean {
  if (report === null || !files.some((f) => sameFile(f, report))) return false;
  say(`--report ${shownName(report)} is one of the files to ${what}; writing the report there would overwrite it`);
  return true;
}

async function check(args: CheckArgs): Promise<number> {
  const { files, json, cutoff, session, report, all } = args;
  if (reportOverwritesInput(report, files, 'check')) return 2;
  const inputs = await loadFiles(files, report === null);
  if (!inputs) return 2;
  progress.analysing(inputs.reduce((n, i) => n + i.records.length, 0));
  const analysis = analyze(inputs, { cutoff, session });
  progress.clear();
  if (session !== null && analysis.sessions.length === 0) return noSuchSession(session, inputs);
  // The report goes first: when it cannot be written, nothing else is printed and the exit status says so.
  if (report !== null && !(await writeReport(report, renderMarkdownReport(analysis, { settings: { cutoff, session }, generatedAt: reportTime() })))) return 2;
  process.stdout.write(json ? checkDocumentJson(toCheckDocument(analysis)) : renderTextReport(analysis, { all }));
  return exitStatusOf(analysis);
}

async function compare(args: CompareArgs): Promise<number> {
  const { base, other, json, session, report } = args;
  if (reportOverwritesInput(report, [base, other], 'compare')) return 2;
  const baseInputs = await loadFiles([base], false);
  const otherInputs = await loadFiles([other], false, baseInputs === null);
  if (!baseInputs || !otherInputs) return 2;
  progress.analysing([...baseInputs, ...otherInputs].reduce((n, i) => n + i.records.length, 0));
  const a = analyze(baseInputs, { session });
  const b = analyze(otherInputs, { session });
  progress.clear();
  if (session !== null && a.sessions.length === 0 && b.sessions.length === 0) return noSuchSession(session, [...baseInputs, ...otherInputs]);
  const comparison = compareAnalyses(a, b);
  // As check's: when the report cannot be written, nothing else is printed and the exit status says so.
  if (report !== null && !(await writeReport(report, renderComparisonReport(comparison, { generatedAt: reportTime(), divergenceTexts: divergenceTexts(comparison, a, b) })))) return 2;
  process.stdout.write(json ? `${documentJson(compareDocument(comparison))}\n` : renderCompareText(comparison));
  return comparison.diverged ? 1 : 0;
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    say(parsed.error);
    process.stderr.write(`\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  return parsed.command === 'check' ? check(parsed.args) : compare(parsed.args);
}

// A reader that stops early (`seqscope check big.jsonl | head`) closes the pipe: nothing more can be
// said, and that is no error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  // A full disk or a closed descriptor: the output is lost, which exit 1 (error findings) must not hide.
  say(`cannot write the output: ${writeErrorReason(e)}`);
  process.exit(2);
});

// Interrupted while reading: the status line must not stay behind on the terminal.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    progress.clear();
    process.exit(code);
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    progress.clear();
    process.stderr.write(`seqscope: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);

/** Whether two paths name one existing file (a link or another spelling included). */
function sameFile(a: string, b: string): boolean {
  if (a === '-') return false;
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
