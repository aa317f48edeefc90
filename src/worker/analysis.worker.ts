/// <reference lib="webworker" />
import { analyze } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { loadInput, UnreadableInputError } from '../io/loadInput';
import type { AnalyzeRequest, WorkerResponse } from './protocol';

// Parsing and analysis stay off the main thread so a 100,000-line file never freezes the page.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerResponse) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<AnalyzeRequest>) => {
  const { id, files } = event.data;
  const started = performance.now();
  let current: string | null = null;
  try {
    const inputs: ParsedInput[] = [];
    for (const [index, file] of files.entries()) {
      current = file.name;
      post({ type: 'progress', id, message: `Reading ${file.name} (${index + 1} of ${files.length})` });
      inputs.push(await loadInput(file.name, file.bytes, index));
    }
    current = null;
    post({ type: 'progress', id, message: 'Analysing' });
    const analysis = analyze(inputs);
    post({ type: 'done', id, analysis, millis: performance.now() - started });
  } catch (e) {
    const file = e instanceof UnreadableInputError ? e.fileName : current;
    post({ type: 'error', id, file, message: e instanceof Error ? e.message : String(e) });
  }
};
