/** Writes the page benchmark's inputs once (seeded, so every run reads the same bytes): .bench/page-N.jsonl per size given. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { pageLogLines } from './pageLog';

mkdirSync('.bench', { recursive: true });
for (const n of process.argv.slice(2).map(Number)) {
  const path = `.bench/page-${n}.jsonl`;
  if (!existsSync(path)) writeFileSync(path, pageLogLines(n).join('\n') + '\n');
}
