import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The system colour scheme, so canvas drawings (which cannot use CSS variables live) repaint when it changes. */
export function useColorScheme(): 'dark' | 'light' {
  return useSyncExternalStore(
    (onChange) => {
      const mq = query();
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => (query().matches ? 'dark' : 'light'),
    () => 'light',
  );
}
