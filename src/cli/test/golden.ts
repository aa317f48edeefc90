import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'vitest';

/**
 * Compares text with a golden file byte for byte; with UPDATE_GOLDEN=1 in
 * the environment the golden file is (re)written first.
 */
export function expectGolden(path: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  expect(existsSync(path), `${path} is missing: run with UPDATE_GOLDEN=1 to write it`).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}
