import { formatCount } from './format';

/** "1 record", "2,000 records": a session's size as the picker shows it. */
export const recordsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'record' : 'records'}`;
