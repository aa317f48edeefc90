import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');

/**
 * V8's own answer (tests only): is this value a small integer, held inside
 * its object or array, rather than a heap number of its own?
 */
export const isSmi = new Function('x', 'return %IsSmi(x)') as (x: unknown) => boolean;
