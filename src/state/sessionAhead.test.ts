import { describe, expect, it } from 'vitest';
import type { SessionAnalysis } from '../core/analyze';
import { sessionToPrepareAhead } from './sessionAhead';

const session = (name: string, records: number) => ({ session: name, records: new Array(records) }) as unknown as SessionAnalysis;

describe('the session prepared before its analysis is whole', () => {
  const sessions = [session('a', 3), session('b', 10), session('c', 10)];

  it('is the one the link names', () => {
    expect(sessionToPrepareAhead(sessions, 'a')?.session).toBe('a');
  });

  it('is otherwise the first of the largest, also when the named one is not there', () => {
    expect(sessionToPrepareAhead(sessions, null)?.session).toBe('b');
    expect(sessionToPrepareAhead(sessions, 'gone')?.session).toBe('b');
  });

  it('is none when there is no session', () => {
    expect(sessionToPrepareAhead([], null)).toBeNull();
  });
});
