import { formatCount } from '../core/countText';
import type { InputLimits } from './limits';

/**
 * Whether a parsed JSON value nests arrays and objects more than `max` levels
 * (a flat object is one level). Walks with its own stack, never recursion,
 * and stops at the first path that is too deep. A text shorter than twice
 * the limit cannot hold such a value (each level costs an opening and a
 * closing bracket), so callers that know the text's length skip the walk.
 */
export function nestsDeeperThan(value: unknown, max: number, textLength = Infinity): boolean {
  if (textLength < 2 * max || value === null || typeof value !== 'object') return false;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop() as object;
    const depth = depths.pop()!;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

export function tooDeepReason(limits: InputLimits): string {
  return `JSON nested more than ${formatCount(limits.maxJsonDepth)} levels deep, over the limit; not analysed`;
}
