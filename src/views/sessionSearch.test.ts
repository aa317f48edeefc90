import { describe, expect, it } from 'vitest';
import { filterSessions, sessionSearchOf } from './sessionSearch';

const named = (...names: string[]) => names.map((session) => ({ session }));

describe('session search', () => {
  it('finds names containing the query whatever its case', () => {
    const sessions = named('Billing-EU', 'chat', 'billing-us', 'refunds');
    const search = sessionSearchOf(sessions);
    expect(filterSessions(search, 'BILL')).toEqual([0, 2]);
    expect(filterSessions(search, 'ng-u')).toEqual([2]);
    expect(filterSessions(search, 'nothing')).toEqual([]);
  });

  it('puts the name equal to the query first, then names starting with it, then the rest, each in the analysis order', () => {
    const sessions = named('s-112', 's-12x', 'x-s-12', 's-12', 's-120');
    expect(filterSessions(sessionSearchOf(sessions), 's-12')).toEqual([3, 1, 4, 2]);
  });

  it('lists every session for an empty query, the same array each time', () => {
    const search = sessionSearchOf(named('a', 'b', 'c'));
    expect(filterSessions(search, '')).toEqual([0, 1, 2]);
    expect(filterSessions(search, '')).toBe(filterSessions(search, ''));
  });

  it('finds a name with an invisible character by the character itself and by the mark the page shows for it', () => {
    const sessions = named('chat', 'chat\u200D', 'Perm\u202Eission');
    const search = sessionSearchOf(sessions);
    expect(filterSessions(search, 'chat')).toEqual([0, 1]);
    expect(filterSessions(search, 'chat\u200D')).toEqual([1]);
    expect(filterSessions(search, 'chat⟨u+200d⟩')).toEqual([1]);
    expect(filterSessions(search, 'perm⟨U+202E⟩')).toEqual([2]);
  });

  it('lower-cases the names once per list of sessions', () => {
    const sessions = named('A', 'B');
    expect(sessionSearchOf(sessions)).toBe(sessionSearchOf(sessions));
    expect(sessionSearchOf(named('A', 'B'))).not.toBe(sessionSearchOf(sessions));
  });

  // How fast a keystroke filters 50,000 names is measured in docs/performance.md (Many sessions), not here: a wall-clock bound flakes on a loaded machine.
  it('filters 50,000 names by a case-insensitive part of the name, in the sessions\' order', () => {
    const search = sessionSearchOf(Array.from({ length: 50_000 }, (_, i) => ({ session: `session-${i}` })));
    expect(filterSessions(search, 'SESSION-2500')).toEqual([2500, 25000, 25001, 25002, 25003, 25004, 25005, 25006, 25007, 25008, 25009]);
    expect(filterSessions(search, 'session-49999')).toEqual([49999]);
  });
});
