import { useEffect, useState } from 'react';

/**
 * Runs `callback` once, when the next frame is on screen and the browser has nothing else to do
 * (requestIdleCallback), at the latest after `timeout` ms; returns a function that cancels it. For work a
 * screen does not need in order to show itself: started at once, it would compete with the render and the
 * screen's own requests.
 */
export function whenIdle(callback: () => void, timeout = 1500): () => void {
  let done = false;
  let idle: (() => void) | undefined;
  const run = () => {
    if (done) return;
    cancel();
    callback();
  };
  // A hidden tab paints no frames: the deadline runs the callback anyway.
  const deadline = setTimeout(run, timeout);
  // An idle period can come before what was just rendered is on screen. A frame callback runs before its
  // frame is painted; the second one runs in the frame after, when the first is on screen.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(run, { timeout });
        idle = () => window.cancelIdleCallback(handle);
      } else {
        // Safari has no requestIdleCallback: a task after the frame is the nearest equivalent.
        const timer = setTimeout(run, 0);
        idle = () => clearTimeout(timer);
      }
    });
  });
  const cancel = () => {
    done = true;
    clearTimeout(deadline);
    cancelAnimationFrame(frame);
    idle?.();
  };
  return cancel;
}

/**
 * False until `ready` is true and the browser has been idle after a render with it (see whenIdle), then
 * true for good. `ready` says when the work this defers may start, e.g. once the screen it yields to has
 * rendered: waiting from the first render would let idle time spent waiting on the network count.
 */
export function useIdleAfter(ready: boolean, timeout?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    return whenIdle(() => setIdle(true), timeout);
  }, [ready, idle, timeout]);
  return idle;
}
