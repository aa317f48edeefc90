import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from './store';

afterEach(() => useStore.setState({ notices: [] }));

describe('addNotices', () => {
  it('adds after what is shown, each message once, whether already shown or given twice', () => {
    useStore.setState({ notices: [{ message: 'a', alert: true }] });
    useStore.getState().addNotices([
      { message: 'b', alert: false },
      { message: 'a', alert: false },
      { message: 'b', alert: true },
      { message: 'c', alert: true },
    ]);
    expect(useStore.getState().notices).toEqual([
      { message: 'a', alert: true },
      { message: 'b', alert: false },
      { message: 'c', alert: true },
    ]);
  });

  it('changes nothing, and tells no subscriber, when every message is already said', () => {
    useStore.setState({ notices: [{ message: 'a', alert: true }] });
    const before = useStore.getState().notices;
    let told = 0;
    const unsubscribe = useStore.subscribe(() => told++);
    useStore.getState().addNotices([{ message: 'a', alert: false }]);
    unsubscribe();
    expect(useStore.getState().notices).toBe(before);
    expect(told).toBe(0);
  });
});
