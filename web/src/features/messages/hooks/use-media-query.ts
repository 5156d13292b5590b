import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The two-pane layout starts at Tailwind's `md` breakpoint; below it list and conversation switch. */
export function useTwoPanes(): boolean {
  return useMediaQuery('(min-width: 768px)');
}
