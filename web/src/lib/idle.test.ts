import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

/** A browser's scheduling in miniature: frames on demand, idle callbacks on demand, real (fake) timers. */
function fakeBrowser({ idleCallbacks }: { idleCallbacks: boolean }) {
  const frames = new Map<number, () => void>();
  const idles = new Map<number, () => void>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => (frames.set(next, cb), next++));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  const window: Record<string, unknown> = {};
  if (idleCallbacks) {
    window.requestIdleCallback = (cb: () => void) => (idles.set(next, cb), next++);
    window.cancelIdleCallback = (id: number) => idles.delete(id);
  }
  vi.stubGlobal('window', window);
  const flush = (queue: Map<number, () => void>) => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const cb of callbacks) cb();
  };
  return { paint: () => flush(frames), idle: () => flush(idles), pendingIdle: () => idles.size };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for the next frame to be on screen, then for an idle period', () => {
    const browser = fakeBrowser({ idleCallbacks: true });
    const callback = vi.fn();
    whenIdle(callback);
    browser.paint();
    expect(browser.pendingIdle()).toBe(0);
    browser.paint();
    expect(browser.pendingIdle()).toBe(1);
    expect(callback).not.toHaveBeenCalled();
    browser.idle();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs by the deadline when no frame comes (a hidden tab), and only once', () => {
    const browser = fakeBrowser({ idleCallbacks: true });
    const callback = vi.fn();
    whenIdle(callback, 1000);
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
    browser.paint();
    browser.paint();
    browser.idle();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after the next frame where there is no requestIdleCallback', () => {
    const browser = fakeBrowser({ idleCallbacks: false });
    const callback = vi.fn();
    whenIdle(callback);
    browser.paint();
    browser.paint();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const browser = fakeBrowser({ idleCallbacks: true });
    const callback = vi.fn();
    const cancel = whenIdle(callback, 1000);
    browser.paint();
    browser.paint();
    cancel();
    browser.idle();
    vi.advanceTimersByTime(2000);
    expect(callback).not.toHaveBeenCalled();
  });
});
