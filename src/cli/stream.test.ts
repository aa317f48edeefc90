import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateLogLines } from '../../scripts/generateLog';
import { readCliInput } from './readCliInput';
import { cliPath, requireBuiltCli, runCli } from './test/runCli';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-stream-'));

describe('seqscope check streams native JSON Lines', () => {
  const lines = generateLogLines(20_000, 7);
  lines.splice(100, 0, '{"kind":"input","id":"bad","accept_seq":"3"}', '', 'not json');
  const text = `${lines.join('\r\n')}\n`;
  const plain = join(dir, 'big.jsonl');
  writeFileSync(plain, text);

  it('gives the same document as the whole-file reader used for reports', () => {
    const streamed = runCli(['check', plain, '--json', '--cutoff', '500']);
    const whole = runCli(['check', plain, '--json', '--cutoff', '500', '--report', join(dir, 'r.md')]);
    expect(streamed.status).toBe(whole.status);
    expect(JSON.parse(streamed.stdout)).toEqual(JSON.parse(whole.stdout));
    const doc = JSON.parse(streamed.stdout) as { inputs: { lines: number; records: number; blank: number; rejected: unknown[] }[] };
    expect(doc.inputs[0]!.lines).toBe(20_003);
    expect(doc.inputs[0]!.records + doc.inputs[0]!.rejected.length + doc.inputs[0]!.blank).toBe(20_003);
  });

  it('streams gzip too, with the hash of the compressed bytes', () => {
    const gz = join(dir, 'big.jsonl.gz');
    writeFileSync(gz, gzipSync(new TextEncoder().encode(text)));
    const a = JSON.parse(runCli(['check', gz, '--json']).stdout) as { inputs: { format: string; sha256: string; records: number }[] };
    const b = JSON.parse(runCli(['check', gz, '--json', '--report', join(dir, 'g.md')]).stdout) as typeof a;
    expect(a.inputs[0]!.format).toBe('native-jsonl+gzip');
    expect(a.inputs[0]).toEqual(b.inputs[0]);
  });

  it('reads a gzip stream damaged past its head again whole, as a report reads it: what it holds, and a note', () => {
    const bytes = gzipSync(new TextEncoder().encode(text));
    const broken = join(dir, 'broken.jsonl.gz');
    writeFileSync(broken, Buffer.concat([Buffer.from(bytes.subarray(0, 200_000)), Buffer.alloc(5000, 7)]));
    const streamed = runCli(['check', broken]);
    const whole = runCli(['check', broken, '--report', join(dir, 'b.md')]);
    expect(streamed.stderr).toBe('');
    expect([streamed.status, streamed.stdout]).toEqual([whole.status, whole.stdout]);
    expect(streamed.stdout).toMatch(/note: the gzip (data|stream)/);
  });

  it('says that bytes after the gzip data were passed over, zeros too, from a file as from standard input', () => {
    const padded = Buffer.concat([Buffer.from(gzipSync(new TextEncoder().encode(text))), Buffer.alloc(1000)]);
    const path = join(dir, 'padded.jsonl.gz');
    writeFileSync(path, padded);
    const note = 'note: the gzip data is damaged or followed by bytes that are not gzip';
    const fromFile = runCli(['check', path]);
    expect(fromFile.stdout).toContain(note);
    expect(fromFile.stdout).toBe(runCli(['check', path, '--report', join(dir, 'p.md')]).stdout);
    expect(runCli(['check', '-'], padded).stdout).toContain(note);
    const whole = join(dir, 'unpadded.jsonl.gz');
    writeFileSync(whole, padded.subarray(0, padded.length - 1000));
    expect(runCli(['check', whole]).stdout).not.toContain('note: the gzip');
  });

  // Followed by bytes that are not gzip, gunzip may drop what it had decompressed before them (cut off, it keeps it: above).
  const followedByJunk = () => Buffer.concat([Buffer.from(gzipSync(new TextEncoder().encode(text))), Buffer.from('not gzip')]);

  it('refuses a gzip stream damaged past its head on standard input, which cannot be read again', () => {
    const broken = followedByJunk();
    const run = runCli(['check', '-'], broken);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^seqscope: cannot read <stdin>: the gzip data is followed by bytes that are not gzip \(found after [\d,]+ bytes had been decompressed\); a pipe cannot be read a second time to keep what came before, so nothing of it is analysed\. Decompress it with gunzip -c into a file \(gunzip keeps what it can\) and check that file\n$/);
  });

  it('says of a gzip on standard input whose CRC-32 does not match that it is damaged, not zlib\'s "incorrect data check"', () => {
    const bytes = Buffer.from(gzipSync(new TextEncoder().encode(text)));
    bytes[bytes.length - 8]! ^= 0xff;
    const run = runCli(['check', '-'], bytes);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('seqscope: cannot read <stdin>: the gzip data does not match its CRC-32 or size, so it is damaged (found after');
    expect(run.stderr).not.toContain('incorrect');
  });

  it('says of a whole gzip and one byte more on standard input what it says of the file: bytes that are not gzip follow, not a cut', () => {
    const log = '{"kind":"input","id":"m2","accept_seq":2}\n{"kind":"input","id":"m1","accept_seq":1}\n';
    const bytes = Buffer.concat([Buffer.from(gzipSync(new TextEncoder().encode(log))), Buffer.from('X')]);
    const file = join(dir, 'one-more.jsonl.gz');
    writeFileSync(file, bytes);
    const piped = runCli(['check', '-'], bytes);
    expect(piped.stdout).toContain('note: the gzip data is damaged or followed by bytes that are not gzip');
    expect(piped.stdout).not.toContain('ends early');
    expect(piped.stdout.replaceAll('<stdin>', file)).toBe(runCli(['check', file]).stdout);
  });

  it('reads a gzip cut off while being written from standard input as from the file: what it holds, and a note', () => {
    const bytes = gzipSync(new TextEncoder().encode(text));
    const cut = join(dir, 'cut.jsonl.gz');
    writeFileSync(cut, bytes.subarray(0, 200_000));
    const piped = runCli(['check', '-', '--json'], Buffer.from(bytes.subarray(0, 200_000)));
    const fromFile = runCli(['check', cut, '--json']);
    expect([piped.status, piped.stderr]).toEqual([fromFile.status, '']);
    const doc = JSON.parse(piped.stdout) as { inputs: { file: string; records: number }[] };
    expect(doc.inputs[0]!.records).toBeGreaterThan(1000);
    expect(piped.stdout.replaceAll('<stdin>', cut)).toBe(fromFile.stdout);
    expect(runCli(['check', '-'], Buffer.from(bytes.subarray(0, 200_000))).stdout).toContain('note: the gzip stream ends early');
  });

  it.skipIf(process.platform === 'win32')('refuses a damaged gzip given as a path that is a pipe: drained by the stream, it would read again as an empty file', () => {
    const broken = join(dir, 'piped.jsonl.gz');
    writeFileSync(broken, followedByJunk());
    requireBuiltCli();
    // A shell pipe, as `cat x | seqscope check /dev/stdin` gives: the test runner's own stdin is a socket, which cannot be opened by path.
    const run = spawnSync('sh', ['-c', 'cat "$1" | "$2" "$3" check /dev/stdin', 'sh', broken, process.execPath, cliPath], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('seqscope: cannot read /dev/stdin: the gzip data is followed by bytes that are not gzip');
  });

  it('streams native lines whose first line is longer than the head it looks at, reading on until that line is whole', async () => {
    const long = join(dir, 'long-first.jsonl');
    writeFileSync(long, `${JSON.stringify({ kind: 'input', id: 'big', op: 'allow', accept_seq: 1, payload: 'x'.repeat(3 * 1024 * 1024) })}\n${text}`);
    const input = await readCliInput(long, 0, true);
    expect([input.format, input.text]).toEqual(['native-jsonl', '']);
    const streamed = runCli(['check', long, '--json']);
    const whole = runCli(['check', long, '--json', '--report', join(dir, 'long.md')]);
    expect(JSON.parse(streamed.stdout)).toEqual(JSON.parse(whole.stdout));
  });
});
