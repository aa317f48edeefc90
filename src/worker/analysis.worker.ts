/// <reference lib="webworker" />
import { analyze } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { loadInput, UnreadableInputError } from '../io/loadInput';
import type { AnalyzeRequest, Unreadable, WorkerResponse } from './protocol';

// Parsing and analysis stay off the main thread so a 100,000-line file never freezes the page.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerResponse) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<AnalyzeRequest>) => {
  const { id, files } = event.data;
  const started = performance.now();
  let current: string | null = null;
  try {
    const inputs: ParsedInput[] = [];
    const unreadable: Unreadable[] = [];
    for (const [index, file] of files.entries()) {
      current = file.name;
      post({ type: 'progress', id, file: file.name, message: `Reading ${file.name} (${index + 1} of ${files.length})` });
      try {
        // File indices stay dense over the readable inputs: records point at inputs by position.
        inputs.push(await loadInput(file.name, file.bytes, inputs.length));
      } catch (e) {
        if (!(e instanceof UnreadableInputError)) throw e;
        unreadable.push({ index, file: file.name, message: e.message });
      }
    }
    current = null;
    if (inputs.length === 0 && unreadable.length > 0) {
      post({ type: 'error', id, file: unreadable[0]!.file, message: unreadable.map((u) => u.message).join('; ') });
      return;
    }
    post({ type: 'progress', id, file: null, message: 'Analysing' });
    const analysis = analyze(inputs);
    post({ type: 'done', id, analysis, unreadable, millis: performance.now() - started });
  } catch (e) {
    post({ type: 'error', id, file: current, message: e instanceof Error ? e.message : String(e) });
  }
};
