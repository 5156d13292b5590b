import { useEffect } from 'react';
import { whenIdle } from './idle';
import { saveScreenSnapshot } from './screen-snapshot';

/**
 * Keeps this screen, as drawn, for the next visit's first frame (src/lib/screen-snapshot.ts, decision 0027):
 * once per mount, when `ready` (the screen shows its data) and the browser is idle after that frame.
 */
export function useScreenSnapshot(userId: string | undefined, ready: boolean): void {
  useEffect(() => {
    if (!userId || !ready) return;
    return whenIdle(() => {
      const root = document.getElementById('root');
      if (root) saveScreenSnapshot(userId, root);
    });
  }, [userId, ready]);
}
